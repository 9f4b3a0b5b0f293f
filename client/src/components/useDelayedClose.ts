import { useCallback, useEffect, useRef, useState } from 'react';
import { POPIN_CLOSE_DELAY_MS } from '@aircloud/shared/constants';

/** Lets a dialog fade out for the close delay of spec section 9 before its owner unmounts it. */
export function useDelayedClose(open: boolean, onClose: () => void) {
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (open) setClosing(false);
  }, [open]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const requestClose = useCallback(() => {
    if (timer.current) return;
    setClosing(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      onCloseRef.current();
    }, POPIN_CLOSE_DELAY_MS);
  }, []);

  return { closing, requestClose };
}
