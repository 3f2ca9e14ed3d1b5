"""Tutorial widgets: each calls the engine and draws what it returns; none holds a rule.

Every widget is named once, below, where it is imported from its module.

>>> from calypso.widgets import TableView
>>> TableView(seed=2).view.value
'S'
"""

from calypso.widgets.auction import AuctionTable as AuctionTable
from calypso.widgets.building import BuildingStepper as BuildingStepper
from calypso.widgets.cardflow import CardFlow as CardFlow
from calypso.widgets.classdeal import ClassDealSeat as ClassDealSeat
from calypso.widgets.contract import BidComparer as BidComparer
from calypso.widgets.contract import BonusTable as BonusTable
from calypso.widgets.contract import ContractCalculator as ContractCalculator
from calypso.widgets.cousins import WhistTable as WhistTable
from calypso.widgets.cousintricks import OvertrumpTrainer as OvertrumpTrainer
from calypso.widgets.cousintricks import ThreeRules as ThreeRules
from calypso.widgets.desk import ClassSetup as ClassSetup
from calypso.widgets.deskdeal import ClassDealPanel as ClassDealPanel
from calypso.widgets.edgecases import EdgeCaseExplorer as EdgeCaseExplorer
from calypso.widgets.endings import EndingSet as EndingSet
from calypso.widgets.exercise import ExerciseSet as ExerciseSet
from calypso.widgets.ideas import Idea as Idea
from calypso.widgets.lab import Lab as Lab
from calypso.widgets.link import PageLink as PageLink
from calypso.widgets.liveboard import ClassBoard as ClassBoard
from calypso.widgets.picker import CardPicker as CardPicker
from calypso.widgets.play import PlayTable as PlayTable
from calypso.widgets.progress import Progress as Progress
from calypso.widgets.quiz import Quiz as Quiz
from calypso.widgets.scoring import GameReport as GameReport
from calypso.widgets.scoring import ScoreCalculator as ScoreCalculator
from calypso.widgets.table import HandDealer as HandDealer
from calypso.widgets.table import TableView as TableView
from calypso.widgets.table import TrumpPicker as TrumpPicker
from calypso.widgets.teacher import TeacherPanel as TeacherPanel
from calypso.widgets.trick import TrickBuilder as TrickBuilder
from calypso.widgets.whistscores import RoundsChart as RoundsChart
from calypso.widgets.whistscores import WhistScoring as WhistScoring
