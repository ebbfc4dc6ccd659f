/**
 * The server's log: one JSON line per event, with its level and time; information on stdout, warnings on stderr.
 * Never an e-mail address: an `error` field (an SMTP answer, a database error) has any address in it masked.
 */
type Fields = Record<string, unknown>;
/**
 * An e-mail address as SMTP answers quote it: a quoted or plain local part (any script: SMTPUTF8), `@`, and
 * a domain of two labels at least, in any script or punycode (`xn--…`).
 */
const ADDRESS = /(?:"[^"\r\n]*"|[^\s<>()[\]",;:@]+)@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[\p{L}\p{N}-]{2,}/gu;
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
