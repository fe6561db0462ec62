/** Rows per page of a brief table inside a form tab (trainings, functions and licences, order lines). */
export const BRIEF_TABLE_PAGE_SIZE = 5;
