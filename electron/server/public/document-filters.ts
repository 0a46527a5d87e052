import { dateRangeOf, type DateRange } from '../../../shared/filters/grammar.ts';
import type { DocumentQuery } from '../../core/store/document-query.ts';

/** The standard filters as read by the grammar (every key optional: lists accept subsets). */
export interface StandardFilterValues {
  year?: DateRange;
  yearmonth?: DateRange;
  yearmonthday?: DateRange;
  date?: DateRange;
  datefrom?: DateRange;
  datethrough?: DateRange;
  modifiedafter?: string;
  modifiedthrough?: string;
  id?: number;
  minid?: number;
  skipcancelled?: boolean;
}

/** The core's document query from the standard filters of a list request. */
export function documentQuery(companyId: number, filters: StandardFilterValues, page: number, pageSize: number): DocumentQuery {
  const range = dateRangeOf(filters);
  return {
    companyId,
    dateFrom: range?.from,
    dateThrough: range?.through,
    modifiedAfter: filters.modifiedafter,
    modifiedThrough: filters.modifiedthrough,
    id: filters.id,
    minId: filters.minid,
    skipCancelled: filters.skipcancelled,
    page,
    pageSize,
  };
}
