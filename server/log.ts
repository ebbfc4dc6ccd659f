/** The server's log: one JSON line per event, with its level and time; information on stdout, warnings on stderr. */
type Fields = Record<string, unknown>;
const line = (level: string, msg: string, fields: Fields) =>
  JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });

export const log = (msg: string, fields: Fields = {}) => console.log(line('info', msg, fields));
export const warn = (msg: string, fields: Fields = {}) => console.error(line('warn', msg, fields));
