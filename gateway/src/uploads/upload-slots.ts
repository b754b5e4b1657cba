import { badRequest, ErrorCodes, Messages, tooManyRequests, unavailable } from '@aero/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';

/** a member's upload lock lives this long unless its gateway refreshes it (every third of it): a crashed gateway's lock frees itself */
export const UPLOAD_LOCK_SECONDS = 30;
/** an upload waits this long for one of the process's slots, then is answered 503 */
export const UPLOAD_SLOT_WAIT_MS = 5000;
/** the Retry-After of that 503 */
export const UPLOADS_BUSY_RETRY_SECONDS = 5;
/** an upload whose client left keeps its slot and lock while its work runs, this long at most (a body that never comes) */
export const ABANDONED_UPLOAD_MS = 30_000;

/** the 503 in the API description */
export const UPLOADS_BUSY_DESCRIPTION = `Too many uploads in this gateway right now (code \`uploads_busy\`): try again after Retry-After seconds`;

const lockKey = (memberId: string) => `upload-lock:${memberId}`;

/**
 * A counting semaphore whose waiters give up: `acquire` answers a release function, or null when
 * no slot came free within `waitMs`. Waiters are served in order; a released slot passes straight
 * to the next one.
 */
export class Semaphore {
  private inUse = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly size: number) {}

  /** slots taken now */
  get active(): number {
    return this.inUse;
  }

  /** callers waiting for a slot now */
  get waiting(): number {
    return this.waiters.length;
  }

  acquire(waitMs: number): Promise<(() => void) | null> {
    if (this.inUse < this.size) {
      this.inUse++;
      return Promise.resolve(this.release());
    }
    if (waitMs <= 0) return Promise.resolve(null);
    return new Promise((resolve) => {
      const take = () => {
        clearTimeout(timer);
        resolve(this.release());
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(take), 1);
        resolve(null);
      }, waitMs);
      this.waiters.push(take);
    });
  }

  /** gives the slot back once, however often it is called */
  private release(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next();
      else this.inUse--;
    };
  }
}

/**
 * Photo and document uploads are read whole into memory (every rule needs the whole file, and up
 * to 6 × 10 MB come in one request), so how many are in flight is what bounds the gateway's
 * memory, which a rate limit (requests over time) does not. Two bounds:
 *
 * - one upload per member at a time, across every gateway: a lock in the key-value port (memory or
 *   Redis), taken atomically as the first count of a short-lived counter; a second one while it is
 *   held answers 429 (`upload_in_progress`) before its body is read. The lock is refreshed while
 *   the upload runs and deleted when it ends, however it ends; a gateway that dies holding it
 *   frees it within `UPLOAD_LOCK_SECONDS`.
 * - at most `UPLOADS_IN_FLIGHT` uploads read and handled at once by this process: further members'
 *   uploads wait for a slot (their bodies unread: the socket holds them back, so waiting costs no
 *   memory) up to `UPLOAD_SLOT_WAIT_MS`, then answer 503 (`uploads_busy`) with Retry-After. A short
 *   burst of honest uploads is served a little later instead of failing; a flood still ends fast.
 */
@Injectable()
export class UploadSlots {
  private readonly logger = new Logger('UploadSlots');
  private readonly slots: Semaphore;

  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: Pick<GatewayContext, 'kv' | 'settings'>) {
    this.slots = new Semaphore(ctx.settings.uploadsInFlight);
  }

  /**
   * runs `upload` (reading the request's body and acting on it) as the member's only upload in
   * flight, in one of the process's slots. `connection`: the request's socket; once it closes (the
   * client gave up, or the server's request timeout ended a stalled body) the upload is answered at
   * once, but its slot and lock are given back only when `upload` ends, as the files it read are in
   * memory until then (a client leaving as soon as its body is sent must not start the next upload
   * beside them), or `ABANDONED_UPLOAD_MS` after the close at most (a body that will never come).
   */
  async run<T>(memberId: string, upload: () => Promise<T>, connection?: UploadConnection | null): Promise<T> {
    const held = await this.hold(memberId, connection, { releaseOnClose: false });
    let ended = false;
    const work = upload().finally(() => (ended = true));
    try {
      return await Promise.race([work, held.closed]);
    } finally {
      if (ended) await held.release();
      else {
        const abandoned = setTimeout(() => void held.release(), ABANDONED_UPLOAD_MS);
        abandoned.unref?.();
        void work
          .catch(() => undefined)
          .finally(() => {
            clearTimeout(abandoned);
            void held.release();
          });
      }
    }
  }

  /**
   * takes the member's lock and a slot for an upload whose body is read elsewhere (a hook before
   * the body parser): `release` gives both back (once, however often it is called; also when the
   * connection closes, unless `releaseOnClose` is false); `closed` rejects when the connection
   * closes first.
   */
  async hold(memberId: string, connection?: UploadConnection | null, { releaseOnClose = true } = {}): Promise<{ release: () => Promise<void>; closed: Promise<never> }> {
    if (connection?.destroyed) throw gone();
    const key = lockKey(memberId);
    if ((await this.ctx.kv.incrWithTtl(key, UPLOAD_LOCK_SECONDS)).count > 1) throw tooManyRequests(Messages.uploadInProgress, ErrorCodes.uploadInProgress);
    const refresh = setInterval(() => {
      this.ctx.kv.expire(key, UPLOAD_LOCK_SECONDS).catch((err: unknown) => this.logger.warn(`could not refresh the upload lock of ${memberId}: ${String(err)}`));
    }, (UPLOAD_LOCK_SECONDS * 1000) / 3);
    refresh.unref();
    let onClose = () => {};
    const closed = new Promise<never>((_, reject) => (onClose = () => reject(gone())));
    closed.catch(() => undefined); // raced by the caller; never left unhandled
    connection?.once('close', onClose);
    let slot: (() => void) | null = null;
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      slot?.();
      connection?.off('close', onClose);
      clearInterval(refresh);
      // a lock that cannot be deleted frees itself when its TTL runs out
      await this.ctx.kv.del(key).catch((err: unknown) => this.logger.warn(`could not release the upload lock of ${memberId}: ${String(err)}`));
    };
    try {
      const acquiring = this.slots.acquire(UPLOAD_SLOT_WAIT_MS);
      try {
        slot = await Promise.race([acquiring, closed]);
      } catch (error) {
        // the client left while waiting: a slot that comes free later goes straight back
        void acquiring.then((late) => late?.());
        throw error;
      }
      if (!slot) throw unavailable(Messages.uploadsBusy, ErrorCodes.uploadsBusy, UPLOADS_BUSY_RETRY_SECONDS);
    } catch (error) {
      await release();
      throw error;
    }
    // a connection that closes from now on gives everything back by itself (or the caller does)
    if (releaseOnClose) void closed.catch(() => release());
    return { release, closed };
  }
}

/** the request's socket, as far as `run` needs it */
export interface UploadConnection {
  readonly destroyed: boolean;
  once(event: 'close', listener: () => void): unknown;
  off(event: 'close', listener: () => void): unknown;
}

/** the client's connection closed before the upload was answered (nobody reads this answer) */
const gone = () => badRequest('Upload aborted', ErrorCodes.uploadAborted);
