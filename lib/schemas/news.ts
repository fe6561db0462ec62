import { z } from 'zod';
import { RICH_TEXT_MAX } from '@/lib/domain/news/rich-text';
import { dbId, idListText, idText, updatedAtText } from './common';

/** News, categories and the site menu (form 200), and the public feed. Zod only. */

const readOnly = <T extends z.ZodType>(schema: T) => schema.meta({ readOnly: true });
const categoryName = z.string({ error: 'required' }).trim().min(1, 'required').max(80, 'tooLong');

export const newsInputSchema = z.object({
  orgId: dbId(),
  title: z.string({ error: 'required' }).trim().min(1, 'required').max(300, 'tooLong'),
  abstract: z.string().max(RICH_TEXT_MAX, 'tooLong').default(''),
  content: z.string({ error: 'required' }).max(RICH_TEXT_MAX, 'tooLong'),
  lang: z.enum(['de', 'en'], { error: 'required' }),
  newscategory: z.array(categoryName).min(1, 'required').max(20, 'tooMany'),
  visible: z.boolean().default(true),
});
export type NewsInput = z.output<typeof newsInputSchema>;

export const newsUpdateSchema = newsInputSchema.extend({ id: dbId(), updatedAt: updatedAtText() });
export type NewsUpdate = z.output<typeof newsUpdateSchema>;

export const newsListQuery = z.object({
  q: z.string().trim().max(100).optional().meta({ description: 'Words that must all occur in the title, abstract or content (any case)' }),
  category: z.string().trim().max(80).optional().meta({ description: 'Only articles of this category (e.g. a menu page)' }),
  visible: z.enum(['true', 'false']).optional().meta({
    description: "`true`: only visible (published) articles, as the screen's list shows them; `false`: only hidden ones; left out: both",
  }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(6),
});
export type NewsListQuery = z.output<typeof newsListQuery>;

export const newsDeleteQuery = z.object({
  ids: idListText.refine((ids) => ids.length > 0 && ids.length <= 100, 'idList').meta({ description: 'Comma-separated article ids' }),
});

export const NewsSchema = z
  .object({
    id: z.number().int(),
    orgId: z.number().int(),
    title: z.string(),
    abstract: z.string(),
    content: z.string(),
    lang: z.enum(['de', 'en']),
    newscategory: z.array(z.string()),
    visible: z.boolean(),
    attachedFiles: readOnly(
      z.array(
        z.object({ fileId: z.string(), fileName: z.string(), fileParam: z.record(z.string(), z.unknown()), featuredImage: z.boolean() }),
      ),
    ),
    publishedAt: readOnly(z.string().nullable()),
    updatedAt: z.string(),
  })
  .meta({ id: 'News' });
export type News = z.infer<typeof NewsSchema>;
export const NewsPageSchema = z.object({ items: z.array(NewsSchema), total: z.number().int() }).meta({ id: 'NewsPage' });
export type NewsPage = z.infer<typeof NewsPageSchema>;
/** GET /admin/news/gallery/{orgId}: the organisation's files, one directory per article. */
export const NewsGalleryPageSchema = z
  .object({
    items: z.array(z.object({ newsId: z.number().int(), title: z.string(), files: NewsSchema.shape.attachedFiles })),
    total: z.number().int(),
  })
  .meta({ id: 'NewsGalleryPage' });
export type NewsGalleryPage = z.infer<typeof NewsGalleryPageSchema>;

export const categoryInputSchema = z.object({
  orgId: dbId(),
  name: categoryName,
  parentId: dbId().nullable().optional().meta({ description: 'A menu page under another one' }),
  inMenu: z.boolean().optional().meta({ description: 'A page of the site menu' }),
});
export const categoryDeleteQuery = z.object({ id: idText });
/** Rename or move a category (menu page): a new name (articles keep it), another parent, another place among its siblings. */
export const categoryUpdateSchema = z.object({
  id: dbId(),
  name: categoryName.optional(),
  parentId: dbId().nullable().optional(),
  position: z.number().int().min(0).max(100_000).optional(),
});

export const NewsCategorySchema = z
  .object({
    id: z.number().int(),
    orgId: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    inMenu: z.boolean(),
    position: z.number().int(),
  })
  .meta({ id: 'NewsCategory' });
export type NewsCategory = z.infer<typeof NewsCategorySchema>;

export type MenuNode = { id: number; name: string; newsId: number | null; children: MenuNode[] };
export const MenuNodeSchema: z.ZodType<MenuNode> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    newsId: z.number().int().nullable(),
    get children() {
      return z.array(MenuNodeSchema);
    },
  })
  .meta({ id: 'MenuNode' });

/** The public feed's article: what the website shows, nothing of the administration. */
export const PublicNewsSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    abstract: z.string(),
    content: z.string(),
    lang: z.string(),
    categories: z.array(z.string()),
    publishedAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PublicNews' });
export const PublicNewsPageSchema = z.object({ items: z.array(PublicNewsSchema), total: z.number().int() }).meta({ id: 'PublicNewsPage' });

/** Webshop inventory (form 1004). */
export const inventoryInputSchema = z.object({
  newsId: dbId().meta({ description: 'The article (a news item in category "webshop")' }),
  ordercatId: dbId().meta({ description: 'The order category it is sold under' }),
  items: z
    .number({ error: 'required' })
    .int('stockInvalid')
    .min(0, 'stockNegative')
    .max(1_000_000, 'tooLarge')
    .meta({ description: 'Stock' }),
  active: z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .transform((v) => v === true || v === 1)
    .default(true),
  inventoryParams: z
    .object({
      gender: z.enum(['m', 'f'], { error: 'genderInvalid' }).nullable().optional(),
      size: z.string().trim().max(10).nullable().optional(),
      visibility: z.boolean().optional(),
    })
    .default({}),
});
export type InventoryInput = z.output<typeof inventoryInputSchema>;
export const inventoryUpdateSchema = inventoryInputSchema.extend({ id: dbId(), updatedAt: updatedAtText() });
export type InventoryUpdate = z.output<typeof inventoryUpdateSchema>;
export const inventoryListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

export const InventoryArticleSchema = z
  .object({
    id: z.number().int(),
    newsId: z.number().int(),
    ordercatId: z.number().int(),
    title: readOnly(z.string()),
    abstract: readOnly(z.string()),
    content: readOnly(z.string()),
    attachedFiles: readOnly(z.array(z.unknown())),
    items: z.number().int(),
    active: z.union([z.literal(0), z.literal(1)]),
    inventoryParams: z.object({ gender: z.enum(['m', 'f']).nullable(), size: z.string().nullable(), visibility: z.boolean() }),
    categoryParams: readOnly(z.object({ cat: z.string(), netPrice: z.number().nullable(), price: z.number().nullable() })),
    updatedAt: z.string(),
  })
  .meta({ id: 'InventoryArticle' });
export type InventoryArticle = z.infer<typeof InventoryArticleSchema>;
export const InventoryPageSchema = z
  .object({ items: z.array(InventoryArticleSchema), total: z.number().int() })
  .meta({ id: 'InventoryPage' });
