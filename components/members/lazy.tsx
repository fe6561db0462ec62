'use client';

import dynamic from 'next/dynamic';

/**
 * The member form's client parts, loaded on demand: the form route serves every form, and only the
 * form a page shows is downloaded (its chunks are preloaded with the page's HTML).
 */
export const MembersScreen = dynamic(() => import('./members-screen').then((m) => m.MembersScreen));
export const MemberDetail = dynamic(() => import('./member-detail').then((m) => m.MemberDetail));
