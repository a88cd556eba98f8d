/**
 * The study guide's category tree for the article category list (spec 2.5): categories by index, each with its
 * sub-categories by index, each with its articles (newest first). Built from any ContentSource.
 */
import type { ContentLocale, ContentRecord, ContentSource } from './types.js';

export interface CategoryTree {
  index: number;
  title: string;
  category: ContentRecord;
  subCategories: Array<{ index: number; title: string; subCategory: ContentRecord; articles: ContentRecord[] }>;
}

export async function buildCategoryTree(source: ContentSource, locale: ContentLocale): Promise<CategoryTree[]> {
  const [categories, subs, articles] = await Promise.all([
    source.listCategories(locale),
    source.listSubcategories(locale),
    source.listArticles(locale, { take: 1000 }),
  ]);
  const firstId = (value: unknown) =>
    Array.isArray(value) ? (value[0] as { id?: string } | undefined)?.id : undefined;
  return categories.map((category) => ({
    index: Number(category.flatData.index),
    title: String(category.flatData.title ?? ''),
    category,
    subCategories: subs
      .filter((s) => firstId(s.flatData.category) === category.id)
      .map((subCategory) => ({
        index: Number(subCategory.flatData.index),
        title: String(subCategory.flatData.title ?? ''),
        subCategory,
        articles: articles.filter((a) => firstId(a.flatData.subCategory) === subCategory.id),
      })),
  }));
}
