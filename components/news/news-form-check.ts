import type { Resolver } from 'react-hook-form';
import { hasRichTextContent } from '@/lib/domain/news/rich-text';
import type { NewsFormValues } from './news-view';

/**
 * The news form's check: categories, title, content and language are required, with the API's
 * rules (a title of more than spaces, content that says something: hasRichTextContent). The API
 * checks the same again. Messages are keys of the `news` texts.
 */
export function newsFormIssues(values: NewsFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = 'required';
  if (!hasRichTextContent(values.content)) errors.content = 'required';
  if (values.newscategory.length === 0) errors.newscategory = 'required';
  if (!values.lang) errors.lang = 'required';
  return errors;
}

export const newsResolver: Resolver<NewsFormValues> = async (values) => {
  const issues = newsFormIssues(values);
  const errors = Object.fromEntries(Object.entries(issues).map(([k, m]) => [k, { type: 'required', message: m }]));
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};
