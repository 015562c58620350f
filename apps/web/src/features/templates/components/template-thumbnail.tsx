import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/** The committed thumbnails (`npm run thumbnails`) are 480×360 WebP screenshots of the sample page. */
const THUMB_WIDTH = 480;
const THUMB_HEIGHT = 360;

/**
 * A template's thumbnail: a static screenshot of its sample page (4:3), lazily loaded. Decorative
 * (empty alt): the card around it names the template.
 */
export function TemplateThumbnail({ src, className }: { src: string; className?: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className={cn('relative aspect-[4/3] w-full overflow-hidden bg-slate-100', className)}>
      {!loaded ? <div className="absolute inset-0 animate-pulse bg-slate-200/70" /> : null}
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        width={THUMB_WIDTH}
        height={THUMB_HEIGHT}
        onLoad={() => setLoaded(true)}
        className={cn(
          'absolute inset-0 h-full w-full object-cover object-top transition-opacity duration-300',
          loaded ? 'opacity-100' : 'opacity-0',
        )}
      />
    </div>
  );
}
