import { jest } from '@jest/globals';
import { applyUpdate, offerUpdate, postponeUpdate, subscribeUpdate, updateAvailable } from './update-store';

describe("'New version available'", () => {
  it('is offered when a new version waits, and Reload hands over to it once', () => {
    const activate = jest.fn();
    const seen: boolean[] = [];
    const stop = subscribeUpdate(() => seen.push(updateAvailable()));
    expect(updateAvailable()).toBe(false);
    offerUpdate(activate);
    expect(updateAvailable()).toBe(true);
    applyUpdate();
    applyUpdate();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(updateAvailable()).toBe(false);
    expect(seen).toEqual([true, false, false]);
    stop();
  });

  it('Later leaves the new version for the next visit', () => {
    const activate = jest.fn();
    offerUpdate(activate);
    postponeUpdate();
    expect(updateAvailable()).toBe(false);
    applyUpdate();
    expect(activate).not.toHaveBeenCalled();
  });
});
