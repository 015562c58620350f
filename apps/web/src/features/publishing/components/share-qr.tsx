import { useMemo, useState } from 'react';
import { Download, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { qrFileName, qrMatrix, qrPath, qrPngBlob, qrSvg, QR_MARGIN } from '../utils/qr-code.ts';

/** Hands a file to the browser as a download. */
function download(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the click; the address can go once this task is done.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * The QR code of the site's address, drawn on the page and offered as SVG and PNG. Loaded lazily
 * (with the encoder) by the share card.
 */
export function ShareQr({ url, label }: { url: string; label: string | null }) {
  const qr = useMemo(() => qrMatrix(url), [url]);
  const side = qr.size + 2 * QR_MARGIN;
  const [makingPng, setMakingPng] = useState(false);

  const downloadPng = async () => {
    setMakingPng(true);
    try {
      download(await qrPngBlob(qr), qrFileName(label, 'png'));
    } catch (err) {
      toast({
        title: 'Could not make the PNG',
        description: getErrorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setMakingPng(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <svg
        viewBox={`0 0 ${side} ${side}`}
        shapeRendering="crispEdges"
        role="img"
        aria-label={`QR code for ${url}`}
        data-testid="share-qr"
        className="size-44 shrink-0 rounded-lg border border-slate-200"
      >
        <rect width={side} height={side} fill="#ffffff" />
        <path fill="#000000" d={qrPath(qr)} />
      </svg>
      <div className="grid w-full gap-2 sm:w-auto">
        <p className="text-sm text-slate-600">
          Put it on a business card, a poster or your CV: a phone camera opens your site.
        </p>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button
            variant="outline"
            onClick={() =>
              download(
                new Blob([qrSvg(qr, `QR code for ${url}`)], { type: 'image/svg+xml' }),
                qrFileName(label, 'svg'),
              )
            }
          >
            <Download className="size-4 shrink-0" aria-hidden />
            Download SVG
          </Button>
          <Button variant="outline" onClick={() => void downloadPng()} disabled={makingPng}>
            {makingPng ? (
              <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden />
            ) : (
              <Download className="size-4 shrink-0" aria-hidden />
            )}
            Download PNG
          </Button>
        </div>
      </div>
    </div>
  );
}
