import { EventEmitter } from 'node:events';
import type { Server, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { limitConnectionsPerAddress } from './connection-limits.js';

// The real-socket behaviour (destroyed before a byte is read, counted down on close) is in
// slow-clients.integration.test.ts; loopback has no second IPv6 /64, so the grouping is tested here.

class FakeSocket extends EventEmitter {
  destroyed = false;
  constructor(readonly remoteAddress: string) {
    super();
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

/** A cap of `max` on a stand-in server; `connect(address)` answers whether that connection was kept. */
function cappedServer(max: number) {
  const server = new EventEmitter();
  const limiter = limitConnectionsPerAddress(server as unknown as Server, max);
  const connect = (address: string) => {
    const socket = new FakeSocket(address);
    server.emit('connection', socket as unknown as Socket);
    return socket;
  };
  return { limiter, connect };
}

describe('limitConnectionsPerAddress', () => {
  it('counts every address of one IPv6 /64 against one cap', () => {
    const { limiter, connect } = cappedServer(2);
    expect(connect('2001:db8:1:2::1').destroyed).toBe(false);
    expect(connect('2001:db8:1:2:aaaa:bbbb:cccc:dddd').destroyed).toBe(false);
    expect(connect('2001:db8:1:2::3').destroyed).toBe(true);
    expect(limiter.count('2001:db8:1:2::ffff')).toBe(2);
    // The next /64 is another client.
    expect(connect('2001:db8:1:3::1').destroyed).toBe(false);
  });

  it('counts an IPv4 peer and its IPv4-mapped form as one address', () => {
    const { limiter, connect } = cappedServer(1);
    expect(connect('::ffff:192.0.2.1').destroyed).toBe(false);
    expect(connect('192.0.2.1').destroyed).toBe(true);
    expect(limiter.count('192.0.2.1')).toBe(1);
  });

  it('frees a place in the /64 when one of its connections closes', () => {
    const { limiter, connect } = cappedServer(1);
    const first = connect('2001:db8::1');
    expect(connect('2001:db8::2').destroyed).toBe(true);
    first.emit('close');
    expect(limiter.count('2001:db8::')).toBe(0);
    expect(connect('2001:db8::2').destroyed).toBe(false);
  });
});
