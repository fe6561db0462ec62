import type { DeliveryStatus, Message } from '@/lib/schemas/messages';
import type { MessageMedium } from '@/lib/domain/messages/delivery';

/** A required field's border flashes this long after a refused send. */
export const MESSAGE_FLASH_MS = 3500;
/** Delivery rows per page of the Status tab. */
export const STATUS_PAGE_SIZE = 50;
/** The Status tab asks again this often while a delivery is still pending or being sent. */
export const STATUS_REFRESH_MS = 3000;
/** The list's reload waits this long after typing in the search box. */
export const SEARCH_DELAY_MS = 200;

export type MessageFormValues = {
  title: string;
  abstract: string;
  content: string;
  lang: 'de' | 'en' | '';
  newscategory: string[];
  visible: boolean;
  media: MessageMedium[];
  roles: number[];
  organizations: number[];
  events: number[];
  replyTo: string;
};

/** A new message: empty, e-mail, German, visible; reply-to the first configured address. */
export function newMessageValues(replyTo: ReadonlyArray<{ value: string }>): MessageFormValues {
  return {
    title: '',
    abstract: '',
    content: '',
    lang: 'de',
    newscategory: [],
    visible: true,
    media: ['email'],
    roles: [],
    organizations: [],
    events: [],
    replyTo: replyTo[0]?.value ?? '',
  };
}

export function toFormValues(m: Message): MessageFormValues {
  return {
    title: m.title,
    abstract: m.abstract,
    content: m.content,
    lang: m.lang,
    newscategory: m.newscategory,
    visible: m.visible,
    media: m.media,
    roles: m.roles,
    organizations: m.organizations,
    events: m.events,
    replyTo: m.audienceParams.replyTo ?? '',
  };
}

/** The form's values as the API takes them. */
/** The body of 'Versenden'; `files`: how many files the form uploads right after (the e-mails wait for them). */
export function toMessageInput(orgId: number, v: MessageFormValues, files = 0) {
  return {
    orgId,
    title: v.title,
    abstract: v.abstract,
    content: v.content,
    lang: v.lang as 'de' | 'en',
    newscategory: v.newscategory,
    visible: v.visible,
    media: v.media,
    roles: v.roles,
    organizations: v.organizations,
    events: v.events,
    audienceParams: { replyTo: v.replyTo || null },
    files,
  };
}

/** Whether deliveries are still to be made (the Status tab refreshes itself meanwhile), from the count per state. */
export const hasInFlight = (states: Partial<Record<DeliveryStatus['state'], number>>) => (states.pending ?? 0) + (states.sending ?? 0) > 0;
