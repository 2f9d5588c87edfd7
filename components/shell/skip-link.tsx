/** The first thing a keyboard reaches: a jump past the header to the page's content (`<main id="content">`). */
export function SkipLink() {
  return (
    <a
      href="#content"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-zinc-900 focus:px-4 focus:py-2 focus:font-medium focus:text-white focus:shadow-lg focus:outline-2 focus:outline-offset-2 focus:outline-sky-500 dark:focus:bg-zinc-100 dark:focus:text-zinc-900"
      data-skip-link
    >
      Skip to content
    </a>
  );
}
