/**
 * The server's log: one JSON line per event, with its level and time; information on stdout, warnings on stderr.
 * Never an e-mail address: an `error` field (an SMTP answer, a database error) has any address in it masked.
 */
type Fields = Record<string, unknown>;
const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** `text` with every e-mail address in it replaced by `[address]`. */
export const withoutAddresses = (text: string) => text.replace(ADDRESS, '[address]');
const line = (level: string, msg: string, fields: Fields) =>
  JSON.stringify({
    level,
    time: new Date().toISOString(),
    msg,
    ...fields,
    ...(typeof fields.error === 'string' ? { error: withoutAddresses(fields.error) } : {}),
  });

export const log = (msg: string, fields: Fields = {}) => console.log(line('info', msg, fields));
export const warn = (msg: string, fields: Fields = {}) => console.error(line('warn', msg, fields));
