import { Alert, Image } from '@mantine/core';
import { useMemo } from 'react';
import { renderSVG } from 'uqr';

/** The QRIS payload as an SVG data URL; null when it cannot be encoded. */
export function qrDataUrl(payload: string): string | null {
  try {
    // Always dark on white with a quiet zone, so that it scans in dark mode too.
    const svg = renderSVG(payload, { ecc: 'M', border: 4, pixelSize: 8 });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  } catch {
    return null;
  }
}

/** A scannable QR image rendered in the browser from a QRIS string. */
export function QrImage({ payload, alt, size = 220 }: { payload: string; alt: string; size?: number }) {
  const src = useMemo(() => qrDataUrl(payload), [payload]);
  if (!src) return <Alert color="red">{payload}</Alert>;
  return (
    <Image
      src={src}
      alt={alt}
      w={size}
      h={size}
      fit="contain"
      radius="sm"
      bg="white"
      data-testid="qris-image"
      style={{ imageRendering: 'pixelated' }}
    />
  );
}
