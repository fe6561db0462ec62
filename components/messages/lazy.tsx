'use client';

import dynamic from 'next/dynamic';

/** The message centre's client part (with the rich-text editor), loaded on demand. */
export const MessageCentreScreen = dynamic(() => import('./message-centre-screen').then((m) => m.MessageCentreScreen));
