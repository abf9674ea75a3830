/**
 * The worker of password-check.ts: runs the shared password rules (zxcvbn and its dictionaries)
 * on its own thread and answers `{ id, problems }` or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { newPasswordProblems, type NewPasswordInput } from '#shared/password';

interface Job {
  id: number;
  input: NewPasswordInput;
}

parentPort!.on('message', (job: Job) => {
  newPasswordProblems(job.input).then(
    (problems) => parentPort!.postMessage({ id: job.id, problems }),
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});
