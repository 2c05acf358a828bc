//! The server's check of a group being edited, before anything is saved (`POST
//! /api/group-lessons/preview`): once the form is complete and has rested for a moment, how many
//! lessons saving would make or change, or every clash it would be refused for.
import { useEffect, useState } from 'react';
import type { Ok } from '../../api/types';
import { api, ApiError } from '../../lib/api/client';
import { validate } from '../../lib/forms';
import { clashesOf } from '../../lib/teaching';
import { useDebounced } from '../../lib/useDebounced';
import { endpoints } from '../../paths';
import { groupBody, groupSchema, type GroupValues } from './groupForm';

const REST_MS = 600;

export interface GroupCheck {
  /** Lessons saving would make or change; null before an answer. */
  lessons: number | null;
  clashes: string[];
}

export function useGroupCheck(values: GroupValues, groupId: number | undefined): GroupCheck {
  const checked = validate(groupSchema, values);
  const body = checked.ok ? JSON.stringify(groupBody(checked.data)) : null;
  const settled = useDebounced(body, REST_MS);
  const [check, setCheck] = useState<GroupCheck & { body: string | null }>({ body: null, lessons: null, clashes: [] });
  useEffect(() => {
    if (settled === null) return;
    const controller = new AbortController();
    api<Ok<'group_lessons_preview'>>(`${endpoints.groups}/preview`, {
      method: 'POST',
      query: { id: groupId },
      body: JSON.parse(settled) as unknown,
      signal: controller.signal,
      silent: true,
    }).then(
      ({ data }) => setCheck({ body: settled, lessons: data.lessons, clashes: [] }),
      (error: unknown) => error instanceof ApiError && setCheck({ body: settled, lessons: null, clashes: clashesOf(error) }),
    );
    return () => controller.abort();
  }, [settled, groupId]);
  // An answer about other values than those shown is no answer.
  return check.body === body ? check : { lessons: null, clashes: [] };
}
