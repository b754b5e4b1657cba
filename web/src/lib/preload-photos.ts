const preloaded = new Set<string>();

/**
 * Fetches photos about to show (each once per page load), so that a screen never reveals a blank
 * photo. The first (the largest thing on the screen: the top card's, the member's own) is fetched
 * with high priority, the others with low.
 */
export function preloadPhotos(urls: readonly string[]): void {
  urls.forEach((url, i) => {
    if (preloaded.has(url)) return;
    preloaded.add(url);
    const img = new Image();
    img.decoding = 'async';
    img.fetchPriority = i === 0 ? 'high' : 'low';
    img.src = url;
  });
}
