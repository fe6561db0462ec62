/** @jest-environment node */
import { inventoryFormIssues } from '@/components/inventory/inventory-form-check';
import { newsFormIssues } from '@/components/news/news-form-check';
import { toFormValues as newsValues } from '@/components/news/news-view';
import { formIssues } from '@/components/tournaments/tournament-form-check';
import { toFormValues as tournamentValues, toInput, type TournamentFormValues } from '@/components/tournaments/tournament-view';
import { DISCIPLINE_3D } from '@/lib/domain/tournaments/status';
import { inventoryInputSchema, newsInputSchema } from '@/lib/schemas/news';
import { tournamentInputSchema, tournamentParamsInput } from '@/lib/schemas/tournaments';
import { storedContent } from '@/server/services/news/news';

/**
 * Every rule a form checks before the API checks it again gives the same verdict on both sides:
 * what the form lets through the API accepts, what the form refuses the API refuses. Each input
 * goes to the form's check and to the API's schema or service.
 */

const ORG = 5;

/** Whether the API's tournament schema refuses `field` of the body the form sends. */
function apiRefusesTournament(v: TournamentFormValues, field: string): boolean {
  const result = tournamentInputSchema.safeParse(toInput(v));
  return !result.success && result.error.issues.some((i) => i.path.join('.') === `params.${field}`);
}

describe('tournament form (1000) and POST /tournament', () => {
  const base = (patch: Partial<TournamentFormValues>): TournamentFormValues => ({ ...tournamentValues(null), ...patch });

  it.each([
    'a@b.c',
    '.x@example.org',
    'x..y@example.org',
    'ä@example.org',
    'x@-example.org',
    'x@example',
    'x @example.org',
    'x@example.org',
    'anna.berger@bogenclub-graz.at',
    'first+tag@sub.example.co.at',
    '  padded@example.org  ',
  ])('e-mail %p: the same verdict', (email) => {
    const v = base({ email });
    expect(Boolean(formIssues(tournamentParamsInput.shape, v, [], [], ORG).email)).toBe(apiRefusesTournament(v, 'email'));
  });

  it.each(['', 'https://bogen.at/anmeldung', 'bogen.at', 'javascript:alert(1)', 'http://x'])(
    'registration link %p: the same verdict',
    (link) => {
      const v = base({ linkToRegistration: link });
      expect(Boolean(formIssues(tournamentParamsInput.shape, v, [], [], ORG).linkToRegistration)).toBe(
        apiRefusesTournament(v, 'linkToRegistration'),
      );
    },
  );

  it.each(['0', '1', '500', '501', '2.5'])('number of animals %p (3D): the same verdict', (numberAnimals) => {
    const v = base({ discipline: DISCIPLINE_3D, numberAnimals });
    expect(Boolean(formIssues(tournamentParamsInput.shape, v, [], [], ORG).numberAnimals)).toBe(apiRefusesTournament(v, 'numberAnimals'));
  });
});

describe('news form (200) and POST /admin/news', () => {
  /** Whether the API refuses the content: the schema, then the service's check of what remains once sanitised. */
  function apiRefusesContent(content: string): boolean {
    if (!newsInputSchema.shape.content.safeParse(content).success) return true;
    try {
      storedContent(content);
      return false;
    } catch {
      return true;
    }
  }

  it.each([
    '',
    '<p></p>',
    '<p> </p>',
    '<p>&nbsp;</p>',
    '<p><br></p>',
    '<h2></h2><p></p>',
    '<p>Ergebnisse der Staatsmeisterschaft</p>',
    '<p><strong>x</strong></p>',
    '<p><img src="https://bogen.at/bild.jpg" alt=""></p>',
    '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>',
    '<table><tbody><tr><td>1</td></tr></tbody></table>',
  ])('content %p: the same verdict', (content) => {
    const form = Boolean(newsFormIssues(newsValues(null, { title: 'T', newscategory: ['Allgemein'], content })).content);
    expect(form).toBe(apiRefusesContent(content));
  });

  it.each(['', '   ', 'Titel'])('title %p: the same verdict', (title) => {
    const form = Boolean(newsFormIssues(newsValues(null, { title, newscategory: ['Allgemein'], content: '<p>x</p>' })).title);
    expect(form).toBe(!newsInputSchema.shape.title.safeParse(title).success);
  });

  it('no category: both refuse', () => {
    expect(newsFormIssues(newsValues(null, { title: 'T', content: '<p>x</p>', newscategory: [] })).newscategory).toBe('required');
    expect(newsInputSchema.shape.newscategory.safeParse([]).success).toBe(false);
  });
});

describe('inventory form (1004) and POST /admin/inventory', () => {
  const values = (items: string) => ({ newsId: '1', ordercatId: '2', gender: '', size: '', items, visibility: true, active: true });

  it.each(['0', '7', '1000000', '1000001', '9999999', '12345678', '-1', '1.5', '', 'zwölf'])(
    'stock %p: the same verdict',
    async (items) => {
      const form = Boolean((await inventoryFormIssues(values(items))).items);
      // what the form sends: the text as a number
      const api = !inventoryInputSchema.safeParse({ newsId: 1, ordercatId: 2, items: items.trim() === '' ? undefined : Number(items) })
        .success;
      expect(form).toBe(api);
    },
  );

  it('names the rule the API names', async () => {
    expect((await inventoryFormIssues(values('1000001'))).items).toBe('tooLarge');
    expect((await inventoryFormIssues(values('-1'))).items).toBe('stockNegative');
    expect((await inventoryFormIssues(values('1.5'))).items).toBe('stockInvalid');
  });
});
