/**
 * The partner programme's e-mails' words, as Lingui messages (docs/languages.md): programme-mail.ts
 * renders them in the partner's language. Brand facts come in as values, from common/brand.ts.
 */
import { msg } from '@lingui/core/macro';

export const PROGRAMME_MAIL = {
  confirmSubject: msg({ id: 'mail.partner.confirm.subject', message: 'Confirm your {brand} partner code' }),
  confirmHeading: msg({ id: 'mail.partner.confirm.heading', message: 'One step left: confirm your partner code' }),
  confirmIntro: msg({
    id: 'mail.partner.confirm.intro',
    message: 'You asked to join the {brand} partner programme with the code {code}. Open this link and press Confirm:',
  }),
  confirmButton: msg({ id: 'mail.partner.confirm.button', message: 'Confirm my partner code' }),
  confirmExpires: msg({
    id: 'mail.partner.confirm.expires',
    message: 'The link works for {hours} hours. Until then the code is kept for you.',
  }),
  linkSubject: msg({ id: 'mail.partner.link.subject', message: 'Your {brand} partner page' }),
  linkHeading: msg({ id: 'mail.partner.link.heading', message: 'Your partner code is {code}' }),
  linkIntro: msg({
    id: 'mail.partner.link.intro',
    message:
      'This private link opens the signups your pages brought. Keep it to yourself: anyone with it sees your numbers.',
  }),
  linkButton: msg({ id: 'mail.partner.link.button', message: 'Open my partner page' }),
  linkLost: msg({
    id: 'mail.partner.link.lost',
    message: 'Lost it later? Ask for a new link on the partner programme page: {page}',
  }),
  notYou: msg({
    id: 'mail.partner.not-you',
    message: 'Did not ask for this? Ignore this e-mail: nothing happens without the link.',
  }),
};
