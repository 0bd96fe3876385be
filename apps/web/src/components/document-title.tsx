import { withProductName } from '@/lib/white-label';

interface DocumentTitleProps {
  /** The screen's name; the product name is appended (not on a white-label host). */
  title: string;
}

/** Sets the browser tab title (React 19 hoists `<title>` into the document head). */
export function DocumentTitle({ title }: DocumentTitleProps) {
  return <title>{withProductName(title)}</title>;
}
