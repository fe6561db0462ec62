'use client';

import dynamic from 'next/dynamic';

/** The tournament screens' client parts, loaded on demand. */
export const TournamentScreen = dynamic(() => import('./tournament-screen').then((m) => m.TournamentScreen));
export const ApprovalScreen = dynamic(() => import('./approval-screen').then((m) => m.ApprovalScreen));
