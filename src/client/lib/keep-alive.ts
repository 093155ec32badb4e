import { useEffect } from 'react';
import { api } from '#shared/api/contract';
import { callApi } from './api-client';

/** First ping after 60 s, then every 240 s (docs/product.md#call-conventions). */
export const KEEP_ALIVE_FIRST_MS = 60_000;
export const KEEP_ALIVE_EVERY_MS = 240_000;

async function ping(): Promise<void> {
  try {
    await callApi(api.health.get);
  } catch (error) {
    // A missed ping is harmless and changes nothing on screen (docs/product.md#call-conventions).
    console.debug('keep-alive failed', error);
  }
}

/** Starts the pings and returns a function that stops them. */
export function startKeepAlive(): () => void {
  let interval: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    void ping();
    interval = setInterval(() => void ping(), KEEP_ALIVE_EVERY_MS);
  }, KEEP_ALIVE_FIRST_MS);
  return () => {
    clearTimeout(first);
    if (interval !== undefined) clearInterval(interval);
  };
}

export function useKeepAlive(): void {
  useEffect(() => startKeepAlive(), []);
}
