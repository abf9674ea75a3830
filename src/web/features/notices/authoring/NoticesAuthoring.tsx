/**
 * The Admin tab's notices authoring (portal.md §3 "Notice", §7 `POST /notices`): a title, the
 * text in Markdown with a preview of the server's own rendering, ignorable or not, every customer
 * or one, and when it starts and ends. The server checks everything again and renders the text.
 */
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  InputBase,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { NOTICE_MESSAGES } from '#shared/people/messages';
import {
  selectFieldError,
  selectSubmitError,
  selectSubmitting,
  selectText,
} from '#machines/forms/form.selectors';
import { noticePreviewLoader, selectNoticePreview } from '#machines/notices/preview.loader';
import { selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { useFormActor } from '../../../components/form-actors.ts';
import { READABLE_TEXT_INPUT } from '../../../components/FormTextField.tsx';
import { noticesAdminApi } from './api.ts';
import { NoticeReach } from './NoticeReach.tsx';
import { notifySuccess } from '../../../components/notify.tsx';
import { PanelSection, SubmitForm } from '../../../components/PanelSection.tsx';

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message));

/** What the form holds; the server checks the notice whole (NewNoticeSchema). */
const FIELDS = {
  title: required(NOTICE_MESSAGES.title),
  content: required(NOTICE_MESSAGES.content),
  starts_at: required(NOTICE_MESSAGES.date),
  ends_at: required(NOTICE_MESSAGES.date),
  audience: v.picklist(['all', 'one'], NOTICE_MESSAGES.audience),
  cid: v.string(),
  ignorable: v.boolean(),
  email: v.boolean(),
};

/** A `datetime-local` value (the admin's own time zone) as an ISO instant. */
function instant(local: unknown): string {
  const date = new Date(String(local));
  return Number.isNaN(date.getTime()) ? String(local) : date.toISOString();
}

function Preview({ content }: { content: string }) {
  const { api } = useAppServices();
  const preview = useActorRef(
    noticePreviewLoader.provide({
      actors: { load: fromPromise(() => noticesAdminApi(api).preview(content)) },
    }),
  );
  const loading = useSelector(preview, selectLoading);
  const html = useSelector(preview, selectNoticePreview);
  const error = useSelector(preview, selectLoadError);
  if (loading) return <Text size="sm">Rendering…</Text>;
  if (error) return <Alert color="red">{error}</Alert>;
  if (html === null) return null;
  return (
    <Paper withBorder p="sm" data-testid="notice-preview" aria-label="Preview">
      {/* The server's rendering: raw HTML escaped, unsafe links left as text. */}
      <Box dangerouslySetInnerHTML={{ __html: html }} />
    </Paper>
  );
}

function NoticeForm({ onPublished }: { onPublished: () => void }) {
  const { api, actors } = useAppServices();
  const [previewOf, setPreviewOf] = useState<{ content: string; n: number } | null>(null);
  const form = useFormActor(
    {
      fields: FIELDS,
      initialValues: { audience: 'all', ignorable: false, email: false, cid: '' },
    },
    async (values) => {
      const notice = await noticesAdminApi(api).publish({
        title: String(values.title),
        content: String(values.content),
        ignorable: values.ignorable === true,
        email: values.email === true,
        cid: values.audience === 'one' ? Number(values.cid) || 0 : null,
        starts_at: instant(values.starts_at),
        ends_at: instant(values.ends_at),
      });
      notifySuccess(actors.notifications, NOTICE_MESSAGES.created);
      // The published list loads again, and a new, empty form takes this one's place.
      onPublished();
      return notice;
    },
  );
  const submitting = useSelector(form, selectSubmitting);
  const failure = useSelector(form, selectSubmitError);
  const audience = useSelector(form, (s) => selectText(s, 'audience')) || 'all';
  const ignorable = useSelector(form, (s) => selectText(s, 'ignorable') === 'true');
  const emailIt = useSelector(form, (s) => selectText(s, 'email') === 'true');
  const useField = (name: keyof typeof FIELDS) => ({
    value: useSelector(form, (s) => selectText(s, name)),
    error: useSelector(form, (s) => selectFieldError(s, name)),
    styles: READABLE_TEXT_INPUT,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      form.send({ type: 'field.changed', field: name, value: event.currentTarget.value }),
    onBlur: () => form.send({ type: 'field.left', field: name }),
  });
  const title = useField('title');
  const content = useField('content');
  const starts = useField('starts_at');
  const ends = useField('ends_at');
  const cid = useField('cid');
  return (
    <PanelSection id="notices-authoring" title={NOTICE_MESSAGES.authoringTitle}>
      <SubmitForm
        noValidate
        aria-label="Write a notice"
        onSubmit={() => form.send({ type: 'submit.pressed' })}
      >
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert" title="The notice was not published">
              {failure}
            </Alert>
          )}
          <TextInput label="Title" required {...title} />
          <InputBase
            component="textarea"
            rows={6}
            label="Text (Markdown)"
            required
            {...content}
            description="Bold with **two stars**, links with [words](https://example.com)."
          />
          <Group gap="sm">
            <Button
              variant="default"
              size="xs"
              onClick={() => setPreviewOf({ content: content.value, n: (previewOf?.n ?? 0) + 1 })}
            >
              Preview
            </Button>
          </Group>
          {previewOf && <Preview key={previewOf.n} content={previewOf.content} />}
          <Checkbox
            label={NOTICE_MESSAGES.ignorable}
            checked={ignorable}
            onChange={(event) =>
              form.send({
                type: 'field.changed',
                field: 'ignorable',
                value: event.currentTarget.checked,
              })
            }
          />
          <Checkbox
            label={NOTICE_MESSAGES.email}
            checked={emailIt}
            onChange={(event) =>
              form.send({
                type: 'field.changed',
                field: 'email',
                value: event.currentTarget.checked,
              })
            }
          />
          <NoticeReach
            audience={audience}
            onAudience={(value) => form.send({ type: 'field.changed', field: 'audience', value })}
            cid={cid}
            starts={starts}
            ends={ends}
          />
          <Group>
            <Button type="submit" loading={submitting}>
              {NOTICE_MESSAGES.publish}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </PanelSection>
  );
}

/** A new, empty form after each notice published; `onPublished` hears of each. */
export function NoticesAuthoring({ onPublished }: { onPublished?: () => void }) {
  const [published, setPublished] = useState(0);
  const next = useCallback(() => {
    setPublished((n) => n + 1);
    onPublished?.();
  }, [onPublished]);
  return <NoticeForm key={published} onPublished={next} />;
}
