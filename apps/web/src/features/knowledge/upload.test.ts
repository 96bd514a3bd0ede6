import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client.ts';
import { getSession, startSession } from '../../shared/auth/session.ts';
import { jsonResponse, stubFetch, testUser } from '../../test-utils.tsx';
import { uploadForm } from './upload.ts';

const user = testUser({ email: 'a@b.c', full_name: 'A', permissions: ['knowledge_create'] });

type Reply = { status: number; body: unknown };

/** A stand-in XMLHttpRequest that reports upload progress and answers from a queue. */
class FakeXhr {
  static replies: Reply[] = [];
  static sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  responseType = '';
  status = 0;
  response: unknown = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    FakeXhr.sent.push({ method: this.method, url: this.url, headers: this.headers, body });
    const reply = FakeXhr.replies.shift();
    setTimeout(() => {
      if (!reply) return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = reply.status;
      this.response = reply.body;
      this.onload?.();
    }, 0);
  }
}

describe('uploadForm', () => {
  beforeEach(() => {
    localStorage.clear();
    startSession({ access_token: 'old', refresh_token: 'r1', expires_in: 900, user });
    FakeXhr.replies = [];
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the form with the bearer, reports progress and unwraps the envelope', async () => {
    FakeXhr.replies.push({ status: 201, body: { status_code: 201, message: 'Created', data: { id: 7 } } });
    const progress: number[] = [];
    const form = new FormData();
    form.append('name', 'FAQ');
    const result = await uploadForm<{ id: number }>('POST', '/integrations/knowledges', form, (p) =>
      progress.push(p),
    );
    expect(result).toMatchObject({ status: 201, message: 'Created', data: { id: 7 } });
    expect(progress).toEqual([0, 50, 100]);
    expect(FakeXhr.sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/integrations/knowledges',
      headers: { Authorization: 'Bearer old' },
      body: form,
    });
  });

  it('refreshes the tokens after a 401 and sends again', async () => {
    stubFetch(async () =>
      jsonResponse({ data: { access_token: 'new', refresh_token: 'r2', expires_in: 900, user } }),
    );
    FakeXhr.replies.push({ status: 401, body: { message: 'Please sign in to continue' } });
    FakeXhr.replies.push({ status: 200, body: { message: 'Updated', data: null } });
    const result = await uploadForm('PUT', '/integrations/knowledges/id/1', new FormData(), () => {});
    expect(result.message).toBe('Updated');
    expect(FakeXhr.sent.map((call) => call.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('ends the session when the refresh fails', async () => {
    stubFetch(async () => jsonResponse({ message: 'Your session has expired. Please sign in again.' }, 401));
    FakeXhr.replies.push({ status: 401, body: { message: 'Please sign in to continue' } });
    const error = await uploadForm('POST', '/integrations/knowledges', new FormData(), () => {}).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
  });

  it("raises the server's message and field messages, or none so the caller's fallback shows", async () => {
    FakeXhr.replies.push({
      status: 413,
      body: {
        message: 'File size must not exceed 50MB',
        error: 'too_large',
        data: [{ field: 'file', message: 'x' }],
      },
    });
    const error = (await uploadForm('POST', '/k', new FormData(), () => {}).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toMatchObject({
      status: 413,
      message: 'File size must not exceed 50MB',
      code: 'too_large',
    });
    expect(error.fieldMessage('file')).toBe('x');

    FakeXhr.replies.push({ status: 502, body: null });
    await expect(uploadForm('POST', '/k', new FormData(), () => {})).rejects.toMatchObject({ message: '' });
    // No answer at all.
    await expect(uploadForm('POST', '/k', new FormData(), () => {})).rejects.toMatchObject({ message: '' });
  });
});
