// Workmanager module: equipment catalogue, service files (with client recommendations and their
// associated documents) and send-in-for-service requests (some with a B2B pickup AWB).
import { COMPANY_ID } from './context.ts';
import type { DocState } from './docstate.ts';
import { TECHNICIANS } from './pools.ts';
import { Weighted, at } from './random.ts';
import { DAY, dayOf, inserter } from './util.ts';

const EQ_MANUFACTURERS = ['Bosch', 'Samsung', 'LG', 'Philips', 'Arctic', 'Whirlpool', 'DeLonghi', 'Lenovo'];
const EQ_TYPES = ['Masina de spalat', 'Frigider', 'Aspirator', 'Espressor', 'Televizor', 'Laptop', 'Telefon mobil', 'Cuptor cu microunde'];
/** manufacturer index, model, type index */
const EQ_MODELS: readonly (readonly [number, string, number])[] = [
  [0, 'Serie 4 WAN28262BY', 0], [0, 'Serie 6 KGN39AIEQ', 1], [0, 'Unlimited BCS711', 2],
  [1, 'WW90T534DAW', 0], [1, 'UE55AU7172', 4], [1, 'Galaxy A54', 6],
  [2, 'F4WV309S6E', 0], [2, 'OLED55C31LA', 4], [2, 'GBB72PZEFN', 1],
  [3, 'EP2231/40', 3], [3, 'FC9332/09', 2], [3, '55PUS8108', 4],
  [4, 'APL81222XLW0', 0], [4, 'AK60350M30W', 1],
  [5, 'FFB 9458 WV', 0], [5, 'MWP 254 W', 7],
  [6, 'Magnifica S ECAM22.110.B', 3], [6, 'Dedica EC685', 3],
  [7, 'IdeaPad 3 15ITL6', 5], [7, 'ThinkPad E14', 5],
];
const DEFECTS = [
  'Nu porneste', 'Face zgomot puternic la centrifugare', 'Nu raceste', 'Pierde apa', 'Afiseaza cod de eroare E21',
  'Ecran spart', 'Nu se incarca', 'Se opreste singur dupa cateva minute', 'Nu face spuma la lapte', 'Miroase a ars',
  'Butonul de pornire nu raspunde', 'Nu absoarbe', 'Imagine intermitenta',
];
const DIAGNOSES = [
  'Pompa de evacuare defecta, necesita inlocuire', 'Placa de baza defecta', 'Rulmenti uzati', 'Termostat defect',
  'Garnitura usa deteriorata', 'Acumulator uzat', 'Conector de incarcare oxidat', 'Rezistenta arsa', 'Motor defect',
  'Defect software, reinstalare firmware',
];
const RECOMMENDATIONS = [
  'Curatati filtrul lunar', 'Folositi detergent fara calcar', 'Nu supraincarcati cuva', 'Decalcifiere la 3 luni',
  'Evitati expunerea la umezeala', 'Folositi doar incarcatorul original', 'Verificati periodic furtunul de evacuare',
];
const FILE_STATUS = new Weighted<string>([
  ['delivered', 55], ['ready', 10], ['in_repair', 10], ['diagnosed', 8], ['received', 7], ['cancelled', 10],
]);
const OPEN_STATUS = new Weighted<string>([['received', 30], ['diagnosed', 30], ['in_repair', 25], ['ready', 15]]);
const REQUEST_STATUS = new Weighted<string>([['new', 15], ['pickup_scheduled', 15], ['received', 55], ['rejected', 15]]);

interface FilePlan {
  sec: number;
  contactIndex: number;
  model: number;
  serialId: number;
  requestIdx: number;
  saleIdx: number;
}

interface RequestPlan {
  id: number;
  sec: number;
  contactIndex: number;
  model: number;
  serialId: number;
  status: string;
  b2b: boolean;
  fileId: number | null;
}

export function seedWorkmanager(st: DocState, fileCount: number, requestCount: number): void {
  const { ctx } = st;
  const { db, rng } = ctx;
  const cid = COMPANY_ID;
  const insMan = inserter(db, 'equipment_manufacturers', ['id', 'company_id', 'name']);
  EQ_MANUFACTURERS.forEach((name, i) => insMan.run(i + 1, cid, name));
  const insType = inserter(db, 'equipment_types', ['id', 'company_id', 'name']);
  EQ_TYPES.forEach((name, i) => insType.run(i + 1, cid, name));
  const insModel = inserter(db, 'equipment_models', ['id', 'company_id', 'manufacturer_id', 'name']);
  EQ_MODELS.forEach(([m, name], i) => insModel.run(i + 1, cid, m + 1, name));
  const insSerial = inserter(db, 'equipment_series', ['id', 'company_id', 'model_id', 'serial']);
  const serials: string[] = [];
  const newSerial = (model: number): number => {
    const [m] = at(EQ_MODELS, model);
    const serial = `${at(EQ_MANUFACTURERS, m).slice(0, 2).toUpperCase()}${rng.digits(10)}`;
    serials.push(serial);
    insSerial.run(serials.length, cid, model + 1, serial);
    return serials.length;
  };
  const clients = [...st.contacts.clientPersons, ...st.contacts.clientCompanies];

  // requests first (in date order), then the files, some of which come from received requests
  const reqSecs: number[] = [];
  for (let i = 0; i < requestCount; i++) reqSecs.push(ctx.docSec());
  reqSecs.sort((a, b) => a - b);
  const requests: RequestPlan[] = reqSecs.map((sec, i) => {
    const age = ctx.today - dayOf(sec);
    const status = age < 3 ? 'new' : REQUEST_STATUS.pick(rng);
    const model = rng.index(EQ_MODELS.length);
    return {
      id: i + 1, sec, contactIndex: rng.pick(clients), model, serialId: newSerial(model), status,
      b2b: status !== 'rejected' && rng.chance(0.35), fileId: null,
    };
  });
  const files: FilePlan[] = [];
  requests.forEach((r, i) => {
    if (r.status !== 'received' || files.length >= fileCount) return;
    const sec = Math.min(ctx.nowSec - 600, r.sec + rng.int(1, 6) * DAY);
    files.push({ sec, contactIndex: r.contactIndex, model: r.model, serialId: r.serialId, requestIdx: i, saleIdx: -1 });
  });
  const idx = st.index;
  // the sales that have a client (indices into idx)
  const withClient = new Int32Array(idx.length);
  let withClientCount = 0;
  for (let i = 0; i < idx.length; i++) if (idx.contactIndex(i) >= 0) withClient[withClientCount++] = i;
  while (files.length < fileCount) {
    const model = rng.index(EQ_MODELS.length);
    if (withClientCount > 0 && rng.chance(0.5)) {
      const saleIdx = withClient[rng.index(withClientCount)] ?? 0;
      const sec = Math.max(ctx.startSec + 3600, idx.day(saleIdx) * DAY + 9 * 3600 - rng.int(1, 10) * DAY);
      files.push({ sec, contactIndex: idx.contactIndex(saleIdx), model, serialId: newSerial(model), requestIdx: -1, saleIdx });
    } else {
      files.push({ sec: ctx.docSec(), contactIndex: rng.pick(clients), model, serialId: newSerial(model), requestIdx: -1, saleIdx: -1 });
    }
  }
  files.sort((a, b) => a.sec - b.sec);

  const insFile = inserter(db, 'service_files', [
    'id', 'company_id', 'series', 'number', 'date', 'client_id', 'client_name', 'client_cui', 'client_reg_com',
    'workpoint_id', 'item_code', 'item_name', 'item_series', 'equipment_model_id', 'defect_description', 'diagnosis',
    'status', 'technician', 'estimated_cost', 'currency', 'warranty', 'service_request_id', 'cancelled', 'closed_ts',
    'created_ts', 'last_changed_ts',
  ]);
  const insRec = inserter(db, 'client_recommendations', ['id', 'company_id', 'service_file_id', 'text', 'created_ts']);
  const insDoc = inserter(db, 'service_file_documents', ['service_file_id', 'doc_type', 'doc_id']);
  const fileDocs: [number, 'awb', number][] = [];
  files.forEach((f, i) => {
    const id = i + 1;
    const number = ctx.number('service_file', 'FS');
    const day = dayOf(f.sec);
    const age = ctx.today - day;
    const status = age < 2 ? 'received' : age < 12 ? OPEN_STATUS.pick(rng) : FILE_STATUS.pick(rng);
    const [m, modelName, t] = at(EQ_MODELS, f.model);
    const client = st.client(f.contactIndex);
    const warranty = rng.chance(0.3);
    const closed = status === 'delivered' || status === 'cancelled' ? ctx.after(f.sec, DAY, 20 * DAY) : null;
    const request = f.requestIdx >= 0 ? at(requests, f.requestIdx) : null;
    if (request) request.fileId = id;
    insFile.run(
      id, cid, 'FS', number, ctx.date(day), client.id, client.name, client.cui, client.regCom, 1,
      modelName.split(' ').pop() ?? modelName, `${at(EQ_TYPES, t)} ${at(EQ_MANUFACTURERS, m)} ${modelName}`,
      at(serials, f.serialId - 1), f.model + 1, rng.pick(DEFECTS), status === 'received' ? '' : rng.pick(DIAGNOSES), status,
      rng.pick(TECHNICIANS), warranty && rng.chance(0.8) ? 0 : rng.money(80, 1500), 'RON', warranty ? 1 : 0,
      request ? request.id : null, status === 'cancelled' ? 1 : 0, closed === null ? null : ctx.ts(closed), ctx.ts(f.sec),
      ctx.ts(closed ?? ctx.changed(f.sec)),
    );
    if (rng.chance(0.4)) {
      const n = rng.int(1, 2);
      for (let k = 0; k < n; k++) {
        insRec.run(ctx.id('client_recommendations'), cid, id, rng.pick(RECOMMENDATIONS), ctx.ts(ctx.after(f.sec, 3600, 5 * DAY)));
      }
    }
    if (f.saleIdx >= 0) {
      insDoc.run(id, 'sale', idx.saleId(f.saleIdx));
      const inv = idx.invoiceId(f.saleIdx);
      if (inv > 0) insDoc.run(id, 'invoice', inv);
      const pay = idx.paymentId(f.saleIdx);
      if (pay > 0) insDoc.run(id, 'payment', pay);
    }
    ctx.progress.add();
  });

  const insReq = inserter(db, 'service_requests', [
    'id', 'company_id', 'date', 'item_code', 'item_name', 'item_series', 'client_id', 'client_name', 'client_cui',
    'client_reg_com', 'client_address_id', 'invoice_address_id', 'defect_description', 'acquisition_invoice_nr',
    'acquisition_invoice_date', 'supplier_name', 'equipment_manufacturer_id', 'equipment_series_id', 'equipment_model_id',
    'equipment_type_id', 'mentions', 'requested_pickup_date', 'from_b2b', 'pickup_awb_id', 'status', 'service_file_id',
    'added_by_api', 'created_ts', 'last_changed_ts',
  ]);
  for (const r of requests) {
    const day = dayOf(r.sec);
    const client = st.client(r.contactIndex);
    const [m, modelName, t] = at(EQ_MODELS, r.model);
    const contacts = st.contacts.table;
    const pickupDay = Math.min(day + rng.int(1, 4), ctx.today);
    let awbId: number | null = null;
    if (r.b2b && r.status !== 'new') {
      awbId = st.w.awb({
        saleId: null, connectorOrderId: null, sec: Math.min(ctx.nowSec - 60, r.sec + 2 * 3600), client, weight: rng.float(2, 30),
        codAmount: 0, codCurrency: 'RON', declaredValue: 0, source: 'b2b', cancelled: false, courier: rng.pick(['fan', 'cargus']),
      });
      if (r.fileId !== null) fileDocs.push([r.fileId, 'awb', awbId]);
    }
    const acqDay = day - rng.int(30, 700);
    insReq.run(
      r.id, cid, ctx.date(day), modelName.split(' ').pop() ?? modelName,
      `${at(EQ_TYPES, t)} ${at(EQ_MANUFACTURERS, m)} ${modelName}`, at(serials, r.serialId - 1), client.id ?? 0,
      client.name, client.cui, client.regCom, contacts.deliveryAddressId(r.contactIndex),
      contacts.hasInvoiceAddress(r.contactIndex) ? contacts.invoiceAddressId(r.contactIndex) : null, rng.pick(DEFECTS),
      rng.chance(0.8) ? `DMO ${rng.int(100, 9999)}` : '', ctx.date(acqDay), rng.chance(0.7) ? 'Demo Retail SRL' : '',
      m + 1, r.serialId, r.model + 1, t + 1, rng.chance(0.2) ? 'Clientul solicita deviz inainte de reparatie' : '',
      r.b2b ? ctx.date(pickupDay) : null, r.b2b ? 1 : 0, awbId, r.status, r.fileId, rng.chance(0.6) ? 1 : 0, ctx.ts(r.sec),
      ctx.ts(r.status === 'new' ? r.sec : ctx.after(r.sec, 3600, 7 * DAY)),
    );
    ctx.progress.add();
  }
  for (const [fileId, docType, docId] of fileDocs) insDoc.run(fileId, docType, docId);
}
