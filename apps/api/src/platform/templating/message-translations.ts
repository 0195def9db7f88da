import type { MemberLanguage } from '@bcp/contract';
import type { MessageKind } from './message-catalog.js';

type Translated = Exclude<MemberLanguage, 'en'>;
type Texts = Partial<Record<MessageKind, { subject?: string; body: string }>>;

/** A claim move's push (title and body) in one language. */
const push = (subject: string, body: string): Texts => ({ push: { subject, body } });
/** The same text by SMS and by email (with its subject). */
const smsAndEmail = (subject: string, body: string): Texts => ({ sms: { body }, email: { subject, body } });

/**
 * The built-in messages in Afrikaans and isiZulu (decision 036), by message key and kind: the
 * same Liquid variables as the English defaults in `message-catalog.ts`. Claim messages name the
 * fund but not the benefit type (`withdrawal`, a stored English word). A member whose recorded
 * language is `af` or `zu` gets these; a message missing here (the outreach invitation, sent to
 * people without an account and so without a language) is sent in English.
 */
export const TRANSLATED_MESSAGES: Record<Translated, Record<string, Texts>> = {
  af: {
    'identity.verified': push(
      'Identiteit bevestig',
      '<p>Jou identiteit is bevestig. Jy kan nou jou voordele sien en eis.</p>',
    ),
    'claim.submitted': push(
      'Eis ingedien',
      '<p>Ons het jou eis by {{ fundName }} ontvang. Ons laat jou by elke stap weet.</p>',
    ),
    'claim.in_review': push('Eis word nagegaan', '<p>Jou eis by {{ fundName }} word nagegaan.</p>'),
    'claim.information_requested': push(
      'Meer inligting nodig',
      '<p>Ons het meer inligting nodig vir jou eis by {{ fundName }}. Teken aan en maak jou eis oop om te sien wat ons vra.</p>',
    ),
    'claim.approved': push(
      'Eis goedgekeur',
      '<p>Jou eis by {{ fundName }} is goedgekeur{% if netAmount %}: {{ netAmount }} word betaal in die rekening wat jy gekies het{% endif %}.</p>',
    ),
    'claim.rejected': push(
      'Eis nie goedgekeur nie',
      '<p>Jou eis by {{ fundName }} is nie goedgekeur nie.</p><p>Rede: {{ reason }}</p>',
    ),
    'claim.paid': push(
      'Eis betaal',
      '<p>Jou eis by {{ fundName }} is betaal{% if paymentReference %} (betalingsverwysing {{ paymentReference }}){% endif %}.</p>',
    ),
    otp: smsAndEmail(
      'Jou PIN: {{ pin }}',
      'Jou Benefit Finder-PIN {{ purpose }} is {{ pin }}. Dit verval oor {{ expiresInMinutes }} minute. Moet dit nooit vir iemand gee nie: ons sal dit nooit vra nie.',
    ),
    'bank-account.changed': smsAndEmail(
      'Jou bankrekening is verander',
      'Benefit Finder: die bankrekening vir jou eis is verander na die rekening wat eindig op {{ accountLast4 }}. As jy dit nie gedoen het nie, bel ons dadelik.',
    ),
    'benefit.found': push(
      'Nuwe geld vir jou gevind by {{ fundName }}',
      "<p>'n Fonds het geld vir jou wat jy nog nie geëis het nie. Maak die toep oop om dit te sien en te eis.</p>",
    ),
  },
  zu: {
    'identity.verified': push(
      'Ubuwena buqinisekisiwe',
      '<p>Ubuwena bakho buqinisekisiwe. Manje ungabona izinzuzo zakho futhi uzifake isicelo.</p>',
    ),
    'claim.submitted': push(
      'Isicelo sithunyelwe',
      '<p>Sisitholile isicelo sakho ku-{{ fundName }}. Sizokwazisa esinyathelweni ngasinye.</p>',
    ),
    'claim.in_review': push('Isicelo siyahlolwa', '<p>Isicelo sakho ku-{{ fundName }} siyahlolwa.</p>'),
    'claim.information_requested': push(
      'Kudingeka imininingwane eyengeziwe',
      '<p>Sidinga imininingwane eyengeziwe ngesicelo sakho ku-{{ fundName }}. Ngena bese uvula isicelo sakho ukuze ubone esikucelayo.</p>',
    ),
    'claim.approved': push(
      'Isicelo samukelwe',
      '<p>Isicelo sakho ku-{{ fundName }} samukelwe{% if netAmount %}: u-{{ netAmount }} uzokhokhelwa ku-akhawunti oyikhethile{% endif %}.</p>',
    ),
    'claim.rejected': push(
      'Isicelo asamukelwanga',
      '<p>Isicelo sakho ku-{{ fundName }} asamukelwanga.</p><p>Isizathu: {{ reason }}</p>',
    ),
    'claim.paid': push(
      'Isicelo sikhokhiwe',
      '<p>Isicelo sakho ku-{{ fundName }} sikhokhiwe{% if paymentReference %} (inkomba yenkokhelo {{ paymentReference }}){% endif %}.</p>',
    ),
    otp: smsAndEmail(
      'I-PIN yakho: {{ pin }}',
      'I-PIN yakho ye-Benefit Finder {{ purpose }} ithi {{ pin }}. Iphelelwa yisikhathi emizuzwini engu-{{ expiresInMinutes }}. Ungayiniki muntu: ngeke sikucele yona.',
    ),
    'bank-account.changed': smsAndEmail(
      'I-akhawunti yakho yasebhange ishintshiwe',
      'Benefit Finder: i-akhawunti yasebhange yesicelo sakho ishintshelwe ku-akhawunti egcina ngo-{{ accountLast4 }}. Uma kungewena owenze lokhu, sishayele ngokushesha.',
    ),
    'benefit.found': push(
      'Kutholakale imali yakho ku-{{ fundName }}',
      '<p>Isikhwama sinemali yakho ongakayifuni. Vula uhlelo lokusebenza ukuze uyibone futhi uyifune.</p>',
    ),
  },
};

/** What a PIN is for, as the `otp` message's `purpose` says it, per language. */
export const OTP_PURPOSE_TEXT: Record<
  MemberLanguage,
  Record<'sign_in' | 'password_reset' | 'destination_change' | 'bank_account_change' | 'watchlist', string>
> = {
  en: {
    sign_in: 'to sign in',
    password_reset: 'to reset your password',
    destination_change: 'to confirm your new contact details',
    bank_account_change: 'to confirm the change of your bank account',
    watchlist: 'to be told if money turns up for your ID number',
  },
  af: {
    sign_in: 'om aan te teken',
    password_reset: 'om jou wagwoord te herstel',
    destination_change: 'om jou nuwe kontakbesonderhede te bevestig',
    bank_account_change: 'om die verandering van jou bankrekening te bevestig',
    watchlist: 'om laat weet te word as geld vir jou ID-nommer opduik',
  },
  zu: {
    sign_in: 'yokungena',
    password_reset: 'yokushintsha iphasiwedi yakho',
    destination_change: 'yokuqinisekisa imininingwane yakho emisha yokuxhumana',
    bank_account_change: 'yokuqinisekisa ushintsho lwe-akhawunti yakho yasebhange',
    watchlist: 'yokwaziswa uma kutholakala imali yenombolo yakho kamazisi',
  },
};

/**
 * The reference line every SMS and email ends with (decision 033), per language: `{code}` and
 * `{url}` are replaced (the URL HTML-escaped in `html`).
 */
export const REFERENCE_LINES: Record<MemberLanguage, { text: string; html: string }> = {
  en: {
    text: 'Ref {code}. Is this from us? Check at {url}',
    html: '<p>Reference: <strong>{code}</strong>. Is this message from us? Check at <a href="{url}">{url}</a>.</p>',
  },
  af: {
    text: 'Verw. {code}. Is dit van ons? Kyk by {url}',
    html: '<p>Verwysing: <strong>{code}</strong>. Is hierdie boodskap van ons? Kyk by <a href="{url}">{url}</a>.</p>',
  },
  zu: {
    text: 'Inkomba {code}. Ingabe lokhu kuvela kithi? Hlola ku-{url}',
    html: '<p>Inkomba: <strong>{code}</strong>. Ingabe lo myalezo uvela kithi? Hlola ku-<a href="{url}">{url}</a>.</p>',
  },
};
