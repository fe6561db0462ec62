/** `/start?welcome=1`: the start page greets a user who just signed in ('erfolgreicher Login!'). */
export const WELCOME_PARAM = 'welcome';
