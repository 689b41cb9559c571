import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPicture, awaitPicture, pictureShown, PICTURE_WAIT_MS } from './after-picture';

afterEach(() => {
  pictureShown();
  vi.useRealTimers();
});

describe('work that waits for the picture of a file just opened', () => {
  it('runs at once when no file is being opened', () => {
    const ran: string[] = [];
    afterPicture(() => ran.push('checks'));
    expect(ran).toEqual(['checks']);
  });

  it('waits while a file is opened, and runs in order once its picture is shown and the page is idle', async () => {
    const ran: string[] = [];
    awaitPicture();
    afterPicture(() => ran.push('checks'));
    afterPicture(() => ran.push('browser copy'));
    expect(ran).toEqual([]);
    pictureShown();
    await vi.waitFor(() => expect(ran).toEqual(['checks', 'browser copy']));
    afterPicture(() => ran.push('next edit'));
    expect(ran).toEqual(['checks', 'browser copy', 'next edit']);
  });

  it('runs all the same when no picture comes', async () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    awaitPicture();
    afterPicture(() => ran.push('checks'));
    vi.advanceTimersByTime(PICTURE_WAIT_MS - 1);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    await vi.runAllTimersAsync();
    expect(ran).toEqual(['checks']);
  });
});
