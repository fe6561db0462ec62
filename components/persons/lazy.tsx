'use client';

import dynamic from 'next/dynamic';

/** The person search's client part, loaded on demand. */
export const PersonSearchScreen = dynamic(() => import('./person-search-screen').then((m) => m.PersonSearchScreen));
