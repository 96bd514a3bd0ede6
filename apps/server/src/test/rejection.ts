import type { ChannelError } from '../providers/channels/port.ts';

/** The error `promise` rejects with, as the ChannelError an adapter throws; fails when it resolves. */
export async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as ChannelError;
  }
  throw new Error('expected a ChannelError');
}
