import { io, type Socket } from 'socket.io-client';

// The real-time channel (spec §7): socket.io at path /ws on the same origin, authenticated by
// the session cookie. It connects only while a user is signed in; the chat feature will add
// its event handlers and reconnect policy on top of this.

let socket: Socket | null = null;

export function getSocket(): Socket | null {
  return socket;
}

/** Opens the connection for the signed-in user (idempotent). */
export function connectSocket(): Socket {
  if (!socket) {
    socket = io({
      path: '/ws',
      withCredentials: true,
      autoConnect: false,
      transports: ['websocket', 'polling'],
    });
  }
  if (!socket.connected) socket.connect();
  return socket;
}

/** Closes the connection (on sign-out). */
export function disconnectSocket(): void {
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
    socket = null;
  }
}
