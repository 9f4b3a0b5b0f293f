import { useEffect, useState } from 'react';
import { connected$ } from './channels.ts';

/** Whether live updates flow now (the socket is connected). */
export function useRealtimeConnected(): boolean {
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const subscription = connected$.subscribe(setConnected);
    return () => subscription.unsubscribe();
  }, []);
  return connected;
}
