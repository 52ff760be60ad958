import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardedRequest } from './apiFastPath';

describe('forwardedRequest', () => {
  it('gives an empty client address, not undefined, for a visitor whose connection has closed', () => {
    // What a closed socket looks like to proxy-addr: no remote address.
    const gone = {
      headers: {},
      socket: { remoteAddress: undefined },
      connection: { remoteAddress: undefined },
    } as unknown as IncomingMessage;
    expect(forwardedRequest(gone, () => false, 'req-1')).toEqual({ requestId: 'req-1', clientIp: '', protocol: 'http' });
  });
});
