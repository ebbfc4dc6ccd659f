/**
 * Imported by the widgets whose messages have values (plurals, amounts, names): it gives their `t`
 * the reader of such messages, which a page with plain-text messages only does not load (i18n.ts).
 */
import { formatMessage } from '../../common/format-message.js';
import { readMessagesWithValues } from './i18n.js';

readMessagesWithValues(formatMessage);
