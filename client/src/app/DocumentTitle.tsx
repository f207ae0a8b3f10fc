import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** What joins a page's name to the app's: "Recent stories in Global · Bumps". */
const SEPARATOR = ' · ';

/** An element's words on one line. */
const wordsOf = (element: Element | null) =>
  element?.textContent?.replace(/\s+/gu, ' ').trim() ?? '';

/**
 * The page's name: its main heading, led by its selected tab when the heading does not already
 * say it ("Parts · Dry wells", "Account · Settings"), as each tab has an address of its own.
 */
function pageName(): string {
  const heading = wordsOf(document.querySelector('main h1'));
  if (!heading) return '';
  const tab = wordsOf(document.querySelector('main [role="tab"][aria-selected="true"]'));
  return tab && !heading.toLocaleLowerCase().includes(tab.toLocaleLowerCase())
    ? `${tab}${SEPARATOR}${heading}`
    : heading;
}

/**
 * The document title of every page: its name and the app's ("Recent stories in Global · Bumps",
 * "Parts · Dry wells · Bumps", a story's opening words, "404 Not Found · Bumps"), so history, tabs
 * and bookmarks tell pages apart, in the reader's language. Every page has one `h1` in `main`
 * saying what it is (the navigation crawl checks it), so the rule lives here once, not in each
 * page: the title follows that heading as a page renders, loads its item, switches tab or
 * language. A page without one (still loading) has the app's name alone.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const appName = t('common:app.name');
  useEffect(() => {
    const update = () => {
      const name = pageName();
      const title = name && name !== appName ? `${name}${SEPARATOR}${appName}` : appName;
      if (document.title !== title) document.title = title;
    };
    // One read per batch of changes: cheap enough to follow every render of the page. The
    // attributes are a tab's selection.
    const observer = new MutationObserver(update);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributeFilter: ['aria-selected'],
    });
    update();
    return () => observer.disconnect();
  }, [appName]);
  return null;
}
