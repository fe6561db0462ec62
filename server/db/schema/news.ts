import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { members } from './members';
import { orderCategories } from './orders';
import { organisations } from './organisations';

/**
 * A news category of an organisation ("Vereinsnews", "webshop", …). A category with a parent, or
 * marked `inMenu`, is a page of the organisation's website menu: the menu is the tree of these.
 */
export const newsCategories = pgTable(
  'news_categories',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => newsCategories.id),
    /** A page of the site menu. */
    inMenu: boolean('in_menu').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [unique('news_categories_org_name').on(t.orgId, t.name), index('news_categories_parent_idx').on(t.parentId)],
);

/**
 * A news article (or a website page): rich text sanitised on write, its categories by name, shown
 * when `visible`. Attached files are uploaded_files rows owned by the article.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    abstract: text('abstract').notNull().default(''),
    content: text('content').notNull().default(''),
    lang: text('lang').notNull().default('de'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    visible: boolean('visible').notNull().default(true),
    /** When it first became visible. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
    createdBy: integer('created_by').references(() => members.id),
    ...timestamps,
  },
  (t) => [
    index('news_org_idx').on(t.orgId, t.id),
    index('news_categories_idx').using('gin', t.categories),
    check('news_lang_check', sql`${t.lang} in ('de', 'en')`),
  ],
);

/**
 * A webshop stock line: an article (news in category "webshop") sold under an order category, per
 * gender and size. One line per article, category, gender and size (a second is refused).
 */
export const inventory = pgTable(
  'inventory',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    ordercatId: integer('ordercat_id')
      .notNull()
      .references(() => orderCategories.id),
    stock: integer('stock').notNull().default(0),
    active: boolean('active').notNull().default(true),
    gender: text('gender'),
    size: text('size'),
    visible: boolean('visible').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('inventory_line').on(t.newsId, t.ordercatId, sql`coalesce(${t.gender}, '')`, sql`coalesce(${t.size}, '')`),
    check('inventory_stock_check', sql`${t.stock} >= 0`),
    check('inventory_gender_check', sql`${t.gender} is null or ${t.gender} in ('m', 'f')`),
  ],
);
