// An in-page link: a real <a href> (opens in a new tab, copies as a shared URL) that changes the view.
import type { ComponentChildren } from 'preact';
import { useSession } from '../session.ts';
import { toSearch, type View } from '../view.ts';

export function Link({
  to,
  children,
  class: className,
  current,
}: {
  to: Partial<View>;
  children: ComponentChildren;
  class?: string;
  current?: boolean;
}) {
  const { view, navigate } = useSession();
  const href = `${location.pathname}${toSearch({ ...view, ...to })}`;
  const onClick = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
    document.getElementById('main')?.focus({ preventScroll: false });
  };
  return (
    <a href={href} onClick={onClick} class={className} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
