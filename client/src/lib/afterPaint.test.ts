import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPagePainted } from './afterPaint.ts';

describe('afterPagePainted', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs the task once the browser was idle and produced one more frame', async () => {
    const idle: (() => void)[] = [];
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
    const task = vi.fn();
    afterPagePainted(task);
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(task).not.toHaveBeenCalled();
    frames[0]!();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('does not run a cancelled task', async () => {
    const task = vi.fn();
    const cancel = afterPagePainted(task);
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(task).not.toHaveBeenCalled();
  });
});
