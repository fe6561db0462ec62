/** Rows per page of a brief table inside a form tab (trainings, functions and licences, order lines). */
export const BRIEF_TABLE_PAGE_SIZE = 5;

/** Persons per page of the licence wizard's persons step (a club may have thousands of members). */
export const PERSONS_PAGE_SIZE = 50;

/** Pairs per page of the duplicate persons' report ('Duplikate' in form 52). */
export const DUPLICATES_PAGE_SIZE = 20;

/** Persons per page of the data-protection officer's search (form 1007). */
export const PRIVACY_OFFICER_PAGE_SIZE = 20;
