'use client';

import dynamic from 'next/dynamic';

/** The table of all tournaments (and its table library) loads when the table view is first chosen. */
export const TournamentTable = dynamic(() => import('./tournament-table').then((m) => m.TournamentTable));
