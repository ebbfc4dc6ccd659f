/** The machine's load averages (1, 5, 15 minutes) as every bench prints them beside its figures. */
import os from 'node:os';

export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
