import { useEffect, useRef, useState } from 'react';
import type { PortfolioContent, TemplateId } from '@folio/core';
import { cn } from '../lib/cn.ts';

/** Thumbnails draw the page as a desktop browser 1280 px wide would, then scale it down. */
const PAGE_WIDTH = 1280;

/**
 * Where the page comes from: content rendered here with `template` by the same renderer as
 * publishing (loaded with the first such thumbnail), or a page already built by the server
 * (`html`, asked for in `onNear`). Undefined content or html while loading: a neutral box.
 */
type ThumbnailPage =
  | { content: PortfolioContent | undefined; template: TemplateId; html?: never; onNear?: never }
  | { html: string | undefined; onNear: () => void; content?: never; template?: never };

/**
 * A portfolio page in miniature (the sample persona while the resume is empty), drawn in a
 * script-less sandboxed frame at desktop width and scaled to the box. Decorative and inert: the
 * card around it names it, and nothing inside can be focused or clicked. The page is drawn once
 * the box comes near the screen.
 */
export function SiteThumbnail({
  ratio = 3 / 4,
  className,
  testId,
  ...page
}: ThumbnailPage & {
  /** Height over width of the box. */
  ratio?: number;
  className?: string;
  testId?: string;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [near, setNear] = useState(false);
  const [rendered, setRendered] = useState<string | null>(null);
  const { content, template, onNear } = page;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const resize = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    resize.observe(box);
    const seen = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setNear(true);
          seen.disconnect();
        }
      },
      { rootMargin: '400px' },
    );
    seen.observe(box);
    return () => {
      resize.disconnect();
      seen.disconnect();
    };
  }, []);

  useEffect(() => {
    if (near) onNear?.();
  }, [near, onNear]);

  useEffect(() => {
    if (!near || !content || !template) return;
    let current = true;
    void import('../lib/site-preview.ts')
      .then(({ thumbnailHtml }) => thumbnailHtml(content, template))
      .catch(() => null)
      .then((html) => {
        if (current) setRendered(html);
      });
    return () => {
      current = false;
    };
  }, [content, near, template]);

  const source = 'html' in page ? page.html : rendered;
  // The miniature shows the top of the page: no scrollbar beside it.
  const html = source?.replace('</head>', '<style>html{overflow:hidden}</style></head>');

  const scale = width / PAGE_WIDTH;
  return (
    <div
      ref={boxRef}
      inert
      aria-hidden
      data-testid={testId}
      style={{ aspectRatio: `${1 / ratio}` }}
      className={cn('relative w-full overflow-hidden bg-slate-100', className)}
    >
      {html && width > 0 ? (
        <iframe
          title="Portfolio thumbnail"
          sandbox=""
          srcDoc={html}
          tabIndex={-1}
          style={{
            width: PAGE_WIDTH,
            height: PAGE_WIDTH * ratio,
            transform: `scale(${scale})`,
          }}
          className="pointer-events-none absolute top-0 left-0 origin-top-left border-0 bg-white"
        />
      ) : (
        <div className="absolute inset-0 animate-pulse bg-slate-200/70" />
      )}
    </div>
  );
}
