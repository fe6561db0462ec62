'use client';

import dynamic from 'next/dynamic';

/** The news screen's client part (with the rich-text editor), loaded on demand. */
export const NewsScreen = dynamic(() => import('./news-screen').then((m) => m.NewsScreen));
