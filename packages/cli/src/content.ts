/**
 * The checks of site content (`@antrag/content`), an optional peer: a repository with an Antrag content folder
 * installs it; one with forms only does not, and then a content folder is reported, never silently skipped.
 */
type ContentModule = typeof import('@antrag/content');

async function load(): Promise<ContentModule | undefined> {
  try {
    return await import('@antrag/content');
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((e as Error).message).includes('@antrag/content')) return undefined;
    throw e;
  }
}

export const content = await load();

/** The file that makes a folder a content folder (the same name `@antrag/content` reads). */
export const CONTENT_MANIFEST = 'content.manifest.json';

export const CONTENT_MISSING =
  'this is a content folder (content.manifest.json); checking site content needs the optional package @antrag/content (npm install --save-dev @antrag/content)';
