import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInWith } from '../../test-utils.tsx';
import { clearSession } from '../auth/session.ts';
import { createLiveConnection, tokenExpiring } from './live-connection.ts';
import type { WsClient, WsClientOptions } from './ws-client.ts';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;

describe('tokenExpiring', () => {
  it('tells an expired or nearly expired token from a fresh one', () => {
    const now = 1_000_000_000_000;
    expect(tokenExpiring(jwt(now / 1000 - 1), now)).toBe(true);
    expect(tokenExpiring(jwt(now / 1000 + 3), now)).toBe(true);
    expect(tokenExpiring(jwt(now / 1000 + 600), now)).toBe(false);
  });

  it('leaves unreadable tokens alone', () => {
    expect(tokenExpiring(undefined)).toBe(false);
    expect(tokenExpiring('opaque')).toBe(false);
  });
});

/** Clients the connection made, each with the options it was made with. */
function fakeClients() {
  const made: { options: WsClientOptions; client: WsClient & Record<string, ReturnType<typeof vi.fn>> }[] =
    [];
  const create = (options: WsClientOptions) => {
    const client = {
      connect: vi.fn(() => options.onStatus?.('connecting')),
      join: vi.fn(),
      leave: vi.fn(),
      sendToRoom: vi.fn(() => true),
      close: vi.fn(),
      attempts: 0,
    };
    made.push({ options, client: client as never });
    return client as unknown as WsClient;
  };
  return { made, create };
}

const signInAs = (externalId: string) => signInWith([], { external_id: externalId });

describe('createLiveConnection', () => {
  afterEach(() => clearSession());

  it('opens one socket for every listener and closes it with the last', () => {
    const { made, create } = fakeClients();
    const live = createLiveConnection(create);
    const shell = { onEvent: vi.fn() };
    const page = { onEvent: vi.fn(), onStatus: vi.fn() };
    const stopShell = live.listen(shell);
    made[0].options.onStatus?.('open');
    const stopPage = live.listen(page);
    expect(made).toHaveLength(1);
    expect(page.onStatus).toHaveBeenCalledWith('open');

    made[0].options.onMessage?.({ type: 'notification', notification: {} });
    expect(shell.onEvent).toHaveBeenCalledTimes(1);
    expect(page.onEvent).toHaveBeenCalledTimes(1);

    stopPage();
    expect(made[0].client.close).not.toHaveBeenCalled();
    stopShell();
    expect(made[0].client.close).toHaveBeenCalled();
    expect(live.status).toBe('closed');
  });

  it('keeps a room while any listener joined it, and joins it again on a new socket', () => {
    const { made, create } = fakeClients();
    const live = createLiveConnection(create);
    const leaveA = live.join('room-1');
    const leaveB = live.join('room-1');
    const stop = live.listen({});
    expect(made[0].client.join).toHaveBeenCalledWith('room-1');
    leaveA();
    expect(made[0].client.leave).not.toHaveBeenCalled();
    leaveB();
    expect(made[0].client.leave).toHaveBeenCalledWith('room-1');
    stop();
  });

  it('tries afresh when a new listener comes after the socket gave up', () => {
    const { made, create } = fakeClients();
    const live = createLiveConnection(create);
    live.listen({});
    made[0].options.onStatus?.('failed');
    live.listen({});
    expect(made).toHaveLength(2);
    expect(made[0].client.close).toHaveBeenCalled();
  });

  it('opens a new socket for another person, and ignores what the old one still reports', () => {
    const { made, create } = fakeClients();
    const live = createLiveConnection(create);
    signInAs('super-admin');
    const shell = { onStatus: vi.fn() };
    live.listen(shell);
    made[0].options.onStatus?.('open');
    signInAs('client-admin');
    live.listen({});
    expect(made).toHaveLength(2);
    made[0].options.onStatus?.('closed');
    expect(shell.onStatus).toHaveBeenLastCalledWith('connecting');
  });
});
