import { SocketEvents } from '@aero/contracts';
import { io, type Socket } from 'socket.io-client';
import type { Member } from './members.js';

/** the member's socket at /ws, connected (its handshake sent from `origin`, the product's by default) */
export function connect(base: string, member: Member, origin = base): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(base, { path: '/ws', transports: ['websocket'], extraHeaders: { cookie: member.api.cookie, origin }, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** collects every payload of `event` the socket receives */
export function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** the presence events the socket hears, in order: ['online' | 'offline', userId] */
export function presenceOf(socket: Socket): ['online' | 'offline', string][] {
  const heard: ['online' | 'offline', string][] = [];
  socket.on(SocketEvents.userOnline, (p: { userId: string }) => heard.push(['online', p.userId]));
  socket.on(SocketEvents.userOffline, (p: { userId: string }) => heard.push(['offline', p.userId]));
  return heard;
}
