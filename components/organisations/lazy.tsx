'use client';

import dynamic from 'next/dynamic';

/**
 * The organisation form's client part, loaded on demand: the form route serves every form, and
 * only the form a page shows is downloaded (its chunks are preloaded with the page's HTML).
 */
export const OrganisationsScreen = dynamic(() => import('./organisations-screen').then((m) => m.OrganisationsScreen));
