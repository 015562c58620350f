/**
 * What the words of an entry's head part say it is: a role, an organisation (a company, a school),
 * a degree, a town. Shared by the rules of fields.ts and the features of the learned head-part
 * model (model/head-part.ts).
 */
import { ROLE } from './text.ts';

export const COMPANY =
  /\b(inc|corp|corporation|llc|ltd|gmbh|ag|plc|co|company|group|labs?|technologies|technology|systems|solutions|university|college|school|institute|bank|agency|studio|foundation|hospital|medical cent(?:er|re)|clinic|ministry|research|organization|organisation|association|society|club|firm|partners|consulting|services|software|logistics|insurance|energy|healthcare|media|capital|motors|airlines?|foods|pharma(?:ceuticals)?|realty|properties|ventures|analytics|networks|robotics|industries|enterprises|trading|retail|telecom|communications|manufacturing|construction|engineering ltd|practice)\b\.?|(?<!\p{L})\p{L}*praxis(?!\p{L})|公司|集团|大学|研究院/iu;
export const INSTITUTION =
  /(?<![\p{L}\p{N}])(university|universit[yàéä]t?|universitat|institution|institución|instituição|istituzione|universidad|universidade|università|universiteit|hogeschool|college|school|institute|institut|instituto|istituto|academy|akademie|hochschule|fachhochschule|polytechnic|politecnico|polytechnique|école|ecole|escuela|escola|lyceum|lycée|gymnasium|conservatory|seminary|uc [a-z]+|mit|nyu|ucla|eth)(?![\p{L}\p{N}])|(?<!\p{L})\p{L}*(?:schule|gymnasium|akademie|kolleg)(?!\p{L})|大学|学院|学校|院校/iu;
export const DEGREE =
  /(?:^|[\s(])(degree|bachelor(?:'s|’s)?|master(?:'s|’s)?|doctor(?:ate)?|ph\.?\s?d\.?|d\.?phil|mba|m\.?b\.?a\.?|b\.?\s?sc\.?|m\.?\s?sc\.?|b\.?\s?s\.?|m\.?\s?s\.?|b\.?\s?a\.?|m\.?\s?a\.?|b\.?\s?eng\.?|m\.?\s?eng\.?|b\.?\s?tech|m\.?\s?tech|b\.?\s?com|llb|llm|md|jd|associate(?:'s)?|diploma|diplom|certificate|licence|licenciatura|licenciado|laurea|grado|máster|mestrado|bacharelado|doutorado|abitur|baccalauréat|doctorat|doctorado|dottorato|diplôme|diploma di|dr\.-ing\.?|dipl\.\s?-?\s?\p{L}{2,8}\.?|mag\.(?:\s?\p{L}{2,5}\.)*|bakk\.|staatsexamen|berufsausbildung|ausbildung|mbo|bachelier|bacharel|bachillerato|magister|hbo|wo|a-levels?|high school diploma|ged|dr\.?\s?(?:rer\.?\s?(?:nat|pol|oec)|phil|med\.\s?vet|med|jur|vet)\.?|doktor|diplom-\p{L}+|promotion|promotie|hbo-bachelor|wo-(?:bachelor|master)|propedeuse|curso técnico|graduação|pós-graduação|doutoramento|técnico (?:superior|profissional)|ciclo formativo|grado universitario|qualifica professionale|bts|dut|cap|bep|deug|dess|meisterbrief|thèse de doctorat)(?=$|[\s,.)])|学士|硕士|博士|本科|研究生|学位|专科|大专/iu;

/**
 * A template's placeholders, the field names written where the values go ("Job title",
 * "Employer", "Institution", "Título del puesto", "Empleador"): each says which part it is.
 */
const ROLE_PLACEHOLDER =
  /^(?:job title|position|role|título del puesto|puesto|cargo|intitulé du poste|poste|stellenbezeichnung|berufsbezeichnung|titolo del lavoro|functietitel|职位)$/iu;
const EMPLOYER_PLACEHOLDER =
  /^(?:employer|company name|empleador|nombre (?:de la )?empresa|employeur|arbeitgeber|datore di lavoro|werkgever|empregador|nome da empresa|单位名称)$/iu;
const INSTITUTION_PLACEHOLDER = /^(?:bildungseinrichtung|onderwijsinstelling|学校名称)$/iu;

export const roleScore = (s: string) => {
  if (ROLE_PLACEHOLDER.test(s.trim())) return 2;
  const m = ROLE.exec(s);
  if (!m) return ROLE_MORE.test(s) ? 1 + (roleFirst(s) ? 1 : 0) : 0;
  // the head noun of a job title is usually its last word
  const tail = s.trim().split(/\s+/).pop() ?? '';
  return 1 + (ROLE.test(tail) || roleFirst(s) ? 1 : 0);
};
/**
 * In the Romance languages the head noun leads, its complement after a preposition
 * ("Desarrollador de software", "Ingénieur en logiciel", "Responsabile della qualità"): a role
 * noun there names the role, whatever the complement says.
 */
function roleFirst(s: string): boolean {
  const m =
    /^(\p{L}[\p{L}-]*)\s+(?:de|del|de la|della|dello|dei|degli|delle|di|du|des|da|do|dos|das|en|em|in)\s/iu.exec(
      s.trim(),
    );
  return !!m?.[1] && (ROLE.test(m[1]) || ROLE_MORE.test(m[1]));
}
/**
 * Legal forms of companies across Europe, the Americas and Asia ("S.A.", "B.V.", "Lda.",
 * "S.r.l.", "Pty Ltd", "有限公司"): a name that carries one is an organisation.
 */
export const LEGAL_FORM =
  /(?:^|[\s,])(?:s\.?a\.?s?|s\.?a\.?r\.?l|s\.?r\.?l|s\.?p\.?a|s\.?l\.?u?|s\.?n\.?c|sas|sarl|srl|spa|lda|ltda|b\.?v|n\.?v|llp|lp|kg|ohg|gbr|ug|e\.\s?v|ag|ab|oy|oyj|a\/s|aps|asa|pty|pvt|limited|holdings?|k\.k|s\.?e|sp\.\s?z\s?o\.?o|s\.?c\.?s)\.?(?=$|[\s,)])|股份|有限|事务所|饭店|酒店|宾馆|医院|银行/iu;
/**
 * Head nouns of job titles in the languages the parser reads, beyond ROLE ("Analista de datos",
 * "Responsabile marketing", "Vertriebsleiter", "Boekhouder", "律师").
 */
export const ROLE_MORE =
  /(?:^|[\s(])(?:analista|científic[oa]|cientista|scientifique|scienziat[oa]|gerente|jef[ea]|coordinador[a]?|coordenador[a]?|coordinat(?:ore|rice)|investigador[a]?|ricercat(?:ore|rice)|chercheu(?:r|se)|técnic[oa]|tecnic[oa]|technicien(?:ne)?|contable|contador[a]?|contabile|comptable|abogad[oa]|advogad[oa]|avvocat[oa]|avocat[e]?|enfermer[oa]|enfermeir[oa]|infermier[ea]|infirmi(?:er|ère)|mecánic[oa]|mecânic[oa]|meccanic[oa]|mécanicien(?:ne)?|asistente|assistente|assistant[e]?|responsable|responsabile|direct(?:or|ora|eur|rice)|diret(?:or|ora|tore|trice)|chargée?|conseill(?:er|ère)|consultor[a]?|consulente|profesor[a]?|professor[a]?|professeur|docente|insegnante|enseignant[e]?|maestr[oa]|médic[oa]|medic[oa]|médecin|arquitect[oa]|architett[oa]|impiegat[oa]|dipendente|operai[oa]|auxiliar|administrativ[oa]|vendedor[a]?|commess[oa]|vendeu(?:r|se)|cuoc[oa]|cocinero|cozinheiro|cuisinier|camarer[oa]|serveu(?:r|se)|promovendus|promovenda|doctorand[oa]?|dottorand[oa]|doctorant[e]?|becari[oa]|estagiári[oa]|stagist[ae]|coordinat(?:eur|rice)|coördinator|gestionnaire|gestor[a]?|gestore|animat(?:eur|rice)|opérat(?:eur|rice)|operador[a]?|operat(?:ore|rice)|préparat(?:eur|rice)|magasinier|cariste|livreu(?:r|se)|format(?:eur|rice)|formador[a]?|format(?:ore|rice)|audit(?:eur|rice)|auditor[a]?|contrôleu(?:r|se)|acheteu(?:r|se)|comprador[a]?|addett[oa]|beheerder|pasante|tirocinante|ingenier[oa]|engenheir[oa]|ingénieure|programador[a]?|programmat(?:ore|rice)|programmeu(?:r|se)|diseñador[a]?|desenhista|progettista|conductor[a]?|chauffeur|farmacéutic[oa]|farmacêutic[oa]|farmacista|pharmacien(?:ne)?|periodista|jornalista|journaliste|giornalista|journalist|traductor[a]?|tradutor[a]?|tradutt(?:ore|rice)|traduct(?:eur|rice)|vertaler|electricista|eletricista|elettricista|électricien(?:ne)?|elektricien|fisioterapeuta|fisioterapista|kinésithérapeute|fysiotherapeut|recepcionista|rececionista|réceptionniste|receptionist|secretari[oa]|secretária|secrétaire|segretari[oa]|secretaresse|cajer[oa]|caissi(?:er|ère)|cassier[ea]|operari[oa]|ouvri(?:er|ère)|educador[a]?|educat(?:ore|rice)|éducat(?:eur|rice)|opvoeder|bibliotecári?[oa]|bibliothécaire|bibliothecaris|redactor[a]?|redator[a]?|redatt(?:ore|rice)|rédact(?:eur|rice)|redacteur|fotógraf[oa]|photographe|psicólog[oa]|psicolog[oa]|psychologue|nutricionista|veterinári?[oa]|vétérinaire|dentista|dentiste|administrador[a]?|amministrat(?:ore|rice)|administrat(?:eur|rice)|\p{L}*(?:leiter|mitarbeiter|berater|entwickler|ingenieur|anwalt|anwältin|kaufmann|kauffrau|pfleger|assistent|referent|sachbearbeiter|buchhalter|techniker|lehrer|arzt|ärztin|verkäufer|koch|köchin|meister|wissenschaftler|beauftragter?|koordinator|disponent|lagerist|einkäufer|prüfer|fahrer|apotheker|übersetzer|elektriker|physiotherapeut|sekretär|kassierer|erzieher|bibliothekar|redakteur|fotograf|psycholog)(?:in)?|\p{L}*(?:leider|houder|kundige|adviseur|ontwerper|verkoper|docent|leerkracht|medewerker|monteur|kok|verpleger|ontwikkelaar|programmeur|apotheker))(?=$|[\s,)])|专员|律师|厨师|医生|医师|教师|老师|主管|总监|助理|设计师|会计|护士|顾问|分析师|科学家|主任|专家|讲师|教授|店长|技术员|销售|代表|研究生|博士后/iu;
export const companyScore = (s: string) =>
  (COMPANY.test(s) || LEGAL_FORM.test(s) || EMPLOYER_PLACEHOLDER.test(s.trim()) ? 1 : 0) +
  (INSTITUTION.test(s) || INSTITUTION_PLACEHOLDER.test(s.trim()) ? 1 : 0);

/**
 * A Chinese place after an organisation: one to three names of two to four Han characters
 * ("上海", "西安, 陕西", "深圳市", "中国 上海"), none of them an organisation, degree or role.
 */
export function isCjkPlace(s: string): boolean {
  const parts = s.trim().split(/\s*[,，、]\s*|\s+/);
  return (
    parts.length <= 3 &&
    parts.every(
      (p) =>
        /^\p{Script=Han}{2,4}$/u.test(p) &&
        !COMPANY.test(p) &&
        !INSTITUTION.test(p) &&
        !DEGREE.test(p) &&
        !ROLE.test(p) &&
        !/[部门科系处组院所馆局站厂店室中]$|专业$/u.test(p),
    )
  );
}

/** "69003 Lyon", "3011 Bern": a postcode before a town. */
export const POSTCODE_TOWN = /^\d{4,5}\s+\p{Lu}[\p{L}.'’-]*(?:[\s-]\p{Lu}[\p{L}.'’-]*){0,2}$/u;
/** "Torino", "Bologna (BO)", "Rio de Janeiro": one to three capitalised words. */
export const TOWN =
  /^\p{Lu}[\p{L}.'’-]+(?:\s(?:\p{Lu}[\p{L}.'’-]*|de|do|da|di|del|am|an|sur|upon))*(?:\s\(\p{Lu}{2,3}\))?$/u;

/** Parts of an organisation that are no town ("Science Department", "Data Lab"). */
export const ORG_UNIT =
  /\b(?:department|dept|division|faculty|centre|center|laborator(?:y|ies)|lab|office|unit|team|group|abteilung|lehrstuhl|département|dipartimento|departamento)\b/iu;

/** A head part that is only a town: a postcode and town, or a short name of no organisation. */
/**
 * A template's placeholder for the place ("City, State", "Cidade, Estado/País", "Ciudad",
 * "城市").
 */
export const PLACE_PLACEHOLDER =
  /^(?:city|town|location|place|ciudad|cidade|ville|stadt|città|stad|城市|地点)(?:\s*,\s*(?:state|country|province|estado|pa[ií]s|provincia|província|pays|land|paese|staat)(?:\s*\/\s*(?:country|pa[ií]s|pays|land|paese))?)?$/iu;

/**
 * "Brisbane QLD 4000", "Recife/PE", "São Paulo - SP", "Rio de Janeiro, RJ": a town and the code
 * of its state or region (set apart by a mark, or followed by a postcode: "Acme AG" is a
 * company).
 */
export const REGION_TOWN =
  /^(\p{Lu}[\p{L}.'’-]+(?:\s(?:\p{Lu}[\p{L}.'’-]*|de|do|da|dos|das|di|del))*)(?:(?:\s*\/\s*|\s+[-–]\s+|,\s*)\p{Lu}{2,3}|\s+\p{Lu}{2,3}\s+\d{4})$/u;

export function townPart(s: string): boolean {
  const t = s.trim();
  if (POSTCODE_TOWN.test(t) || PLACE_PLACEHOLDER.test(t)) return true;
  const region = REGION_TOWN.exec(t);
  // (a code that is also a legal form counts only before a postcode: "Acme, SA" is a company)
  const formOnly = !/\d$/.test(t) && LEGAL_FORM.test(t.slice(region?.[1]?.length ?? 0));
  if (region?.[1] && t.split(/\s+/).length <= 5 && !formOnly && townPart(region[1])) return true;
  return (
    (TOWN.test(t) || isCjkPlace(t)) &&
    t.split(/\s+/).length <= 3 &&
    companyScore(t) === 0 &&
    !ORG_UNIT.test(t) &&
    roleScore(t) === 0 &&
    !DEGREE.test(t)
  );
}

/** Places of work that name no kind of company ("Blue Door Bar and Grill", "Harbour Café"). */
export const VENUE =
  /(?<!\p{L})(?:bar|grill|restaurant|café|cafe|bistro|diner|pub|bakery|pizzeria|hotel|inn|resort|shop|store|market|boutique|salon|gym|pharmacy|clinic)(?!\p{L})/iu;
