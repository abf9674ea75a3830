/**
 * A real SMTP server on a loopback port for the mail tests (smtp-server, no TLS, no login): it
 * keeps every message it accepted, can be stopped and started again on the same port (an SMTP
 * outage), and can hold the next message after its data, before answering, until told to go on.
 *
 * Like any SMTP server, it accepts a message only by answering its data: a message whose sender
 * went away before that answer (a killed process) is not kept.
 */
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { freePort } from '../support/postgres.ts';

export interface SinkMessage {
  messageId: string;
  to: string[];
  subject: string;
  raw: string;
}

export interface Hold {
  /** Resolves once a message's data has arrived and waits for its answer. */
  reached: Promise<void>;
  /** Answers it (250), or drops it when its sender has gone. */
  release(): void;
}

export interface SmtpSink {
  port: number;
  /** The SMTP_URL to reach it. */
  url: string;
  /** Every message accepted, in order. */
  messages: SinkMessage[];
  /** Messages whose data arrived but whose sender went away before the answer. */
  dropped: number;
  /** Connections open now. */
  sessionsOpen(): number;
  /** Listening on its port again. */
  start(): Promise<void>;
  /** Closes the port and every open connection: senders get "connection refused". */
  stop(): Promise<void>;
  /** Holds the next message after its data. */
  holdNext(): Hold;
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '';
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const port = await freePort();
  const messages: SinkMessage[] = [];
  const opened = new Set<string>();
  const closed = new Set<string>();
  let pendingHold: { reached: () => void; released: Promise<void> } | undefined;
  let server: SMTPServer | undefined;
  const sink: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    dropped: 0,
    sessionsOpen: () => [...opened].filter((id) => !closed.has(id)).length,
    async start() {
      if (server) return;
      const made = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        closeTimeout: 0,
        onConnect(session: SMTPServerSession, callback: (error?: Error | null) => void) {
          opened.add(session.id);
          callback();
        },
        onClose(session: SMTPServerSession) {
          closed.add(session.id);
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const hold = pendingHold;
            pendingHold = undefined;
            const accept = () => {
              if (closed.has(session.id)) {
                sink.dropped += 1;
                callback(new Error('the sender went away'));
                return;
              }
              const raw = Buffer.concat(chunks).toString('utf8');
              messages.push({
                messageId: header(raw, 'Message-ID'),
                to: session.envelope.rcptTo.map((r) => r.address),
                subject: header(raw, 'Subject'),
                raw,
              });
              callback();
            };
            if (!hold) return accept();
            hold.reached();
            void hold.released.then(accept);
          });
        },
      });
      // A sender killed mid-session resets its connection: nothing to report.
      made.on('error', () => undefined);
      await new Promise<void>((resolve, reject) => {
        made.server.once('error', reject);
        made.listen(port, '127.0.0.1', () => resolve());
      });
      server = made;
    },
    async stop() {
      const current = server;
      server = undefined;
      if (!current) return;
      await new Promise<void>((resolve) => {
        current.close(() => resolve());
        for (const connection of current.connections) connection.close();
      });
    },
    holdNext() {
      let reached!: () => void;
      let release!: () => void;
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      pendingHold = { reached, released };
      return { reached: reachedPromise, release };
    },
  };
  await sink.start();
  return sink;
}
