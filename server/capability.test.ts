/** The composition root's order: jobs start in the modules' order and stop in reverse; modules close in reverse. */
import { describe, expect, it } from 'vitest';
import { type Capability, closeAll, startJobs } from './capability.js';

function recorded() {
  const events: string[] = [];
  const module = (name: string, jobs: string[]): Capability<null> => ({
    api: null,
    jobs: jobs.map((job) => ({
      name: job,
      start() {
        events.push(`start ${job}`);
        return { stop: async () => void events.push(`stop ${job}`) };
      },
    })),
    close: async () => void events.push(`close ${name}`),
  });
  return { events, module };
}

describe('capability modules', () => {
  it('given modules with jobs should start them in order and stop them in the reverse order', async () => {
    const { events, module } = recorded();
    const jobs = startJobs([
      module('signups', ['signup retention']),
      module('none', []),
      module('mail', ['mail worker']),
    ]);
    expect(events).toEqual(['start signup retention', 'start mail worker']);
    await jobs.stop();
    expect(events.slice(2)).toEqual(['stop mail worker', 'stop signup retention']);
  });

  it('given modules, some without close, should close the others in the reverse order', async () => {
    const { events, module } = recorded();
    await closeAll([module('rate-limits', []), { api: null }, module('contest', [])]);
    expect(events).toEqual(['close contest', 'close rate-limits']);
  });
});
