import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Checkbox } from 'primereact/checkbox';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { AccountRow } from '@eb/shared/account/schemas';
import type { AmendmentRow } from '@eb/shared/amendment/schemas';
import { formatDisplayDate, formatDisplayTime } from '@eb/shared/formats';
import { HOME_QUEUE_ROWS, type HomeQueue, type HomeSeries } from '@eb/shared/home';
import { homePageQuery, isWorkQueuesStart, setWorkQueuesStart, startPageQuery } from '../../../entities/home/api';
import { HOME_TEXTS, QUEUE_TITLES } from '../../../entities/home/home-texts';
import { AMENDMENT_TEXTS } from '../../../entities/amendment/amendment-texts';
import { AREAS } from '../../../config/areas';
import { PageHeader } from '../../../components/PageHeader';
import { recentlyOpened } from '../../../lib/recently-opened';
import { useSignedInUser } from '../../../entities/users/session';
import { HomeChart } from './HomeChart';
import '../../../components/list-page.css';
import './home.css';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11' -> 'Nov 2026' */
const monthLabels = (s: HomeSeries): HomeSeries => ({ ...s, labels: s.labels.map((m) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`) });

/** One row of a card: a link to the record and a detail beside it. */
interface CardRow {
  key: string | number;
  to: string;
  main: string;
  detail: string;
}

/** A card of the page: a title (with a count when it has one), its first rows or what it shows when empty, and a link below. */
function HomeCard(props: { id: string; title: string; count?: ReactNode; rows: readonly CardRow[]; none: string; foot?: ReactNode }) {
  const headingId = `queue-${props.id}`;
  return (
    <section className="eb-home-queue" aria-labelledby={headingId} data-queue={props.id}>
      <div className="eb-home-queue__head">
        <h3 id={headingId} className="eb-home-queue__title">
          {props.title}
        </h3>
        {props.count}
      </div>
      {props.rows.length ? (
        <ul className="eb-home-queue__rows">
          {props.rows.map((v) => (
            <li key={v.key}>
              <Link to={v.to}>{v.main}</Link>
              <span className="eb-home-queue__detail">{v.detail}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="eb-home-queue__none">{props.none}</p>
      )}
      {props.foot}
    </section>
  );
}

/** A work queue: its count opens the search with the queue's filters, as does the link below. */
function QueueCard<R>({ queue, row }: { queue: HomeQueue<R>; row: (r: R) => CardRow }) {
  const title = QUEUE_TITLES[queue.id];
  const href = `${queue.search.path}${queue.search.query ? `?${queue.search.query}` : ''}`;
  return (
    <HomeCard
      id={queue.id}
      title={title}
      count={
        <Link to={href} className="eb-home-queue__count" aria-label={HOME_TEXTS.openSearch(title, queue.count)} data-count={queue.count}>
          {queue.count.toLocaleString('en-US')}
        </Link>
      }
      rows={queue.rows.map(row)}
      none={HOME_TEXTS.none}
      foot={
        <Link to={href} className="eb-home-queue__open">
          {HOME_TEXTS.openAll} <i className="pi pi-arrow-right" aria-hidden="true" />
        </Link>
      }
    />
  );
}

const accountRow = (queueId: string) => (r: AccountRow) => ({
  key: r.objectId,
  to: `${AREAS.accounts.path}/${r.objectId}`,
  main: r.accountName || r.ldcAccountNumber,
  detail: queueId.startsWith('renewals')
    ? `ends ${formatDisplayDate(r.accountEndDate)}`
    : queueId === 'staleSentToUtility'
      ? `since ${formatDisplayDate(r.statusDate)}`
      : (r.territoryCode ?? r.ldcAccountNumber),
});
const amendmentRow = (r: AmendmentRow) => ({
  key: r.objectId,
  to: `${AREAS.contracts.path}/amendment/${r.objectId}`,
  main: `${r.contractId ?? ''}-${r.amendmentNumber} ${r.businessEntityLegalName ?? ''}`.trim(),
  detail: r.contractStatus,
});

/** When a record was changed or opened, short (its name needs the room): the time today, else the day. */
function when(at: string, today: string): string {
  return at.slice(0, 10) === today ? formatDisplayTime(at) : formatDisplayDate(at);
}

/**
 * Work Queues (issue 31, docs/home.md): what needs doing today. Each queue is a count that opens its
 * search with the queue's filters in the URL, and its first rows; the charts below, each with a
 * table view. Agents see the same page without the change log and the batches; only admins see
 * the uploader's and updater's batches with open exceptions. One call answers the page.
 */
export function HomePage() {
  const page = useQuery(homePageQuery());
  const start = useQuery(startPageQuery());
  const queryClient = useQueryClient();
  const toggleStart = useMutation({
    mutationFn: setWorkQueuesStart,
    onSuccess: (views) => queryClient.setQueryData(startPageQuery().queryKey, views as never),
  });
  const data = page.data;
  const me = useSignedInUser();
  // read once per visit: what this user opened lately in this browser
  const [opened] = useState(() => recentlyOpened(me.objectId));
  // shown as chosen at once (the saved views answer follows)
  const startChecked = toggleStart.isPending ? toggleStart.variables === true : isWorkQueuesStart(start.data);
  return (
    <section className="eb-list-page eb-home">
      <PageHeader
        title={AREAS.workQueues.title}
        subtitle={data ? HOME_TEXTS.subtitle(formatDisplayDate(data.today)) : undefined}
        actions={
          <span className="eb-home__start">
            <Checkbox
              inputId="home-start-page"
              checked={startChecked}
              disabled={start.isPending}
              onChange={(e) => toggleStart.mutate(e.checked === true)}
            />
            <label htmlFor="home-start-page">{HOME_TEXTS.startPage}</label>
          </span>
        }
      />
      {!data ? (
        page.isError ? (
          <p role="alert">{HOME_TEXTS.failed}</p>
        ) : (
          <ProgressSpinner aria-label={HOME_TEXTS.loading} />
        )
      ) : (
        <>
          <h2 className="eb-sr-only">{HOME_TEXTS.queues}</h2>
          <div className="eb-home__queues">
            {data.accountQueues.map((q) => (
              <QueueCard key={q.id} queue={q} row={accountRow(q.id)} />
            ))}
            {data.contractQueues.map((q) => (
              <QueueCard key={q.id} queue={q} row={amendmentRow} />
            ))}
            {data.batches && (
              <HomeCard
                id="batches"
                title={HOME_TEXTS.batches}
                count={<span className="eb-home-queue__count eb-home-queue__count--plain">{data.batches.length}</span>}
                rows={data.batches.slice(0, HOME_QUEUE_ROWS).map((b) => ({
                  key: `${b.kind}${b.batchId}`,
                  to: b.kind === 'upload' ? AREAS.uploader.path : AREAS.updater.path,
                  main: HOME_TEXTS.batch(b.kind, b.batchId),
                  detail: `${b.rowType} · ${HOME_TEXTS.exceptions(b.openExceptions)}`,
                }))}
                none={HOME_TEXTS.batchesNone}
              />
            )}
            {data.recentlyChanged && (
              <HomeCard
                id="recent"
                title={HOME_TEXTS.recent}
                rows={data.recentlyChanged.slice(0, HOME_QUEUE_ROWS).map((r) => ({
                  key: `${r.entity}${r.objectId}`,
                  to: r.entity === 'account' ? `${AREAS.accounts.path}/${r.objectId}` : `${AREAS.contracts.path}/amendment/${r.objectId}`,
                  // an amendment as its record tab names it ('Contract 68 · Amendment 4')
                  main: (r.entity === 'contract' && AMENDMENT_TEXTS.tabName(r.contractId ?? null, r.amendmentNumber ?? null)) || `${r.entity === 'account' ? HOME_TEXTS.account : HOME_TEXTS.amendment} ${r.label}`,
                  detail: `${r.action} ${when(r.actionDate, data.today)}`,
                }))}
                none={HOME_TEXTS.recentNone}
              />
            )}
            <HomeCard
              id="opened"
              title={HOME_TEXTS.opened}
              rows={opened.slice(0, HOME_QUEUE_ROWS).map((r) => ({ key: r.path, to: r.path, main: r.label, detail: when(r.at, data.today) }))}
              none={HOME_TEXTS.openedNone}
            />
          </div>
          <h2 className="eb-home__heading">{HOME_TEXTS.charts}</h2>
          <div className="eb-home__charts">
            <HomeChart id="accountsByStatus" series={data.charts.accountsByStatus} type="doughnut" />
            <HomeChart id="rcesByStatus" series={data.charts.rcesByStatus} type="doughnut" />
            <HomeChart id="rcesEndingByMonth" series={monthLabels(data.charts.rcesEndingByMonth)} type="bar" />
            <HomeChart id="amendmentsSignedByMonth" series={monthLabels(data.charts.amendmentsSignedByMonth)} type="bar" />
            {data.charts.exceptionsByBatch && <HomeChart id="exceptionsByBatch" series={data.charts.exceptionsByBatch} type="bar" />}
          </div>
        </>
      )}
    </section>
  );
}
