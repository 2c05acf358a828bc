//! The actions the activity log's filter offers (`GET /api/history/actions`), loaded once a page.
import { useEffect, useState } from 'react';
import type { Ok } from '../../api/types';
import { api } from '../../lib/api/client';
import { endpoints } from '../../paths';
import type { ActionOption } from './activity';

export function useActions() {
  const [actions, setActions] = useState<ActionOption[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<Ok<'history_actions'>>(endpoints.historyActions, { signal: controller.signal }).then(
      ({ data }) => setActions(data),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return actions;
}
